import { parseQuietHours, type QuietHours } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** The quiet hours of these channels, by id; channels without any are left out. */
export async function loadQuietHours(
  db: Kysely<Database>,
  channelIds: readonly string[],
): Promise<Map<string, QuietHours>> {
  const byId = new Map<string, QuietHours>();
  const unique = [...new Set(channelIds)];
  for (let start = 0; start < unique.length; start += 500) {
    const rows = await db
      .selectFrom("channels")
      .select(["id", "quiet_hours"])
      .where("id", "in", unique.slice(start, start + 500))
      .where("quiet_hours", "is not", null)
      .execute();
    for (const row of rows) {
      const hours = parseQuietHours(row.quiet_hours);
      if (hours) byId.set(row.id, hours);
    }
  }
  return byId;
}
