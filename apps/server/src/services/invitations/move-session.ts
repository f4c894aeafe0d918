import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { refuseOutsideConfinement } from "../auth/session-confinement.ts";

/**
 * Moves a session to another account of its person, which also becomes the account they sign
 * in to next time. The caller has checked the membership; a session confined to its single
 * sign-on's account is refused.
 */
export async function moveSession(
  db: Kysely<Database>,
  who: { userId: string; sessionId: string },
  accountId: string,
): Promise<void> {
  await refuseOutsideConfinement(db, who.sessionId, accountId);
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
