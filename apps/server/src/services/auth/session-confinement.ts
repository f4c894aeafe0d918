import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { ServiceError } from "../service-error.ts";

/** The refusal of a single sign-on session asked to enter another account. */
export const confinedSessionRefusal = (organisation: string) =>
  `This session signed in through ${organisation}'s single sign-on and stays in ${organisation}; sign in with your password to open your other accounts.`;

/** The account a session is confined to (single sign-on), or null when it may move. */
export async function confinementOf(
  db: Kysely<Database>,
  sessionId: string,
): Promise<{ accountId: string; name: string } | null> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("accounts", "accounts.id", "sessions.confined_account_id")
    .select(["accounts.id", "accounts.name"])
    .where("sessions.token_hash", "=", sessionId)
    .executeTakeFirst();
  return row ? { accountId: row.id, name: row.name } : null;
}

/**
 * Refuses to move a session begun through an account's single sign-on into any other account:
 * the provider vouches for the person in its own organisation only.
 */
export async function refuseOutsideConfinement(
  db: Kysely<Database>,
  sessionId: string,
  accountId: string,
): Promise<void> {
  const confined = await confinementOf(db, sessionId);
  if (!confined || confined.accountId === accountId) return;
  throw new ServiceError("forbidden", confinedSessionRefusal(confined.name));
}
