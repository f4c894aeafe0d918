import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/**
 * Moves a session to another account of its person, which also becomes the account they sign
 * in to next time. The caller has checked the membership.
 */
export async function moveSession(
  db: Kysely<Database>,
  who: { userId: string; sessionId: string },
  accountId: string,
): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ account_id: accountId })
    .where("token_hash", "=", who.sessionId)
    .execute();
  await db
    .updateTable("users")
    .set({ account_id: accountId })
    .where("id", "=", who.userId)
    .execute();
}
