import type { RegistrationMode } from "@upwatch/core";
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

/** Refuses registering (a new sign-in with an account of its own) unless REGISTRATION is open. */
export function ensureRegistrationOpen(mode: RegistrationMode): void {
  if (mode === "invite-only") throw new ServiceError("forbidden", INVITE_ONLY_REFUSAL);
  if (mode === "closed") throw new ServiceError("forbidden", CLOSED_REFUSAL);
}

/** Refuses a new sign-in made through an invitation when REGISTRATION is closed. */
export function ensureInvitedSignInAllowed(mode: RegistrationMode, email: string): void {
  if (mode === "closed") throw new ServiceError("forbidden", closedInvitationRefusal(email));
}
