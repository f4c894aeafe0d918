import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** Ends every session of a user but the one given (after a password change or reset). */
export async function endOtherSessions(
  db: Kysely<Database>,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepSessionId) query = query.where("token_hash", "!=", keepSessionId);
  await query.execute();
}
