import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { CHANNEL_SEND_WINDOW_MS } from "./channel-send-limits.ts";

/** Forgets tests and confirmation mails older than the longest window any limit counts. */
export async function pruneChannelSends(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .deleteFrom("channel_sends")
    .where("sent_at", "<", now - CHANNEL_SEND_WINDOW_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
