import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** Ends one session (signing out): its cookie no longer works. */
export async function endSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom("sessions").where("token_hash", "=", sessionId).execute();
}
