import { type RegistrationMode, type RegistrationNow, registrationNow } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { serverOwnerAccount } from "../accounts/server-owner.ts";
import { ServiceError } from "../service-error.ts";

/** The refusal of registering on a server that takes new sign-ups by invitation only. */
export const INVITE_ONLY_REFUSAL =
  "This server takes new sign-ups by invitation only; ask an owner or admin of the account you want to join to invite you, then open the link in the invitation mail.";

/** The refusal of registering on a server that takes no new sign-ups. */
export const CLOSED_REFUSAL =
  "This server does not take new sign-ups; ask its operator to create an account for you.";

/** The refusal of a new sign-in through an invitation on a server that takes no new sign-ups. */
export function closedInvitationRefusal(email: string): string {
  return `This server does not take new sign-ups, so only an address that already signs in can accept this invitation; ask the server's operator to create a sign-in for ${email}, then log in to accept it.`;
}

/** What registration allows now: under first-account, open only until the server has its owner. */
export async function currentRegistration(
  db: Kysely<Database>,
  mode: RegistrationMode,
): Promise<RegistrationNow> {
  if (mode !== "first-account") return mode;
  return registrationNow(mode, (await serverOwnerAccount(db)) !== null);
}

/** Refuses registering (a new sign-in with an account of its own) unless registration is open now. */
export async function ensureRegistrationOpen(
  db: Kysely<Database>,
  mode: RegistrationMode,
): Promise<void> {
  const now = await currentRegistration(db, mode);
  if (now === "invite-only") throw new ServiceError("forbidden", INVITE_ONLY_REFUSAL);
  if (now === "closed") throw new ServiceError("forbidden", CLOSED_REFUSAL);
}

/** Refuses a new sign-in made through an invitation when REGISTRATION is closed. */
export function ensureInvitedSignInAllowed(mode: RegistrationMode, email: string): void {
  if (mode === "closed") throw new ServiceError("forbidden", closedInvitationRefusal(email));
}
