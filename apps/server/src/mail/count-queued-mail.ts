import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** Mails not yet sent or given up: waiting for their turn or being sent now (an index count). */
export async function countQueuedMail(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll().as("queued"))
    .where("status", "in", ["pending", "sending"])
    .executeTakeFirstOrThrow();
  return Number(row.queued);
}
