import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** A confirmation link works for this long after its mail is queued. */
export const CONFIRMATION_LINK_LIFETIME_MS = 7 * 24 * 3_600_000;

/**
 * Whether alerts to this e-mail address need its recipient's consent: every address but those
 * of the account's own members, who signed up with theirs.
 */
export async function needsConfirmation(
  db: Kysely<Database>,
  accountId: string,
  address: string,
): Promise<boolean> {
  const member = await db
    .selectFrom("users")
    .select("id")
    .where("account_id", "=", accountId)
    .where("email_key", "=", address.toLowerCase())
    .executeTakeFirst();
  return member === undefined;
}
