import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** A confirmation link works for this long after its mail is queued. */
export const CONFIRMATION_LINK_LIFETIME_MS = 7 * 24 * 3_600_000;

/**
 * Whether alerts to this e-mail address need its recipient's consent: every address but those
 * of the account's members (any role, whichever account they sign in to by default), who
 * signed in with theirs.
 */
export async function needsConfirmation(
  db: Kysely<Database>,
  accountId: string,
  address: string,
): Promise<boolean> {
  const member = await db
    .selectFrom("memberships")
    .innerJoin("users", "users.id", "memberships.user_id")
    .select("users.id")
    .where("memberships.account_id", "=", accountId)
    .where("users.email_key", "=", address.toLowerCase())
    .executeTakeFirst();
  return member === undefined;
}
