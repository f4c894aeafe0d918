import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { CheckFacts } from "./notification-message.ts";

/** The monitor's most recent stored check, or null before its first. */
export async function loadLastCheck(
  db: Kysely<Database>,
  monitorId: string,
): Promise<CheckFacts | null> {
  const row = await db
    .selectFrom("check_results")
    .select(["checked_at", "planned_at", "status_code", "response_ms", "region"])
    .where("monitor_id", "=", monitorId)
    .orderBy("checked_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  // The regions that failed the latest round, so a repeated notice says where it fails.
  const failed = await db
    .selectFrom("check_results")
    .select("region")
    .where("monitor_id", "=", monitorId)
    .where("planned_at", "=", row.planned_at)
    .where("up", "=", 0)
    .orderBy("checked_at")
    .execute();
  return {
    checkedAt: row.checked_at,
    statusCode: row.status_code,
    responseMs: row.response_ms,
    region: row.region,
    failedRegions: failed.map((result) => result.region),
  };
}
