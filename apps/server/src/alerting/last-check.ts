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
    .select(["checked_at", "status_code", "response_ms", "region"])
    .where("monitor_id", "=", monitorId)
    .orderBy("checked_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row
    ? {
        checkedAt: row.checked_at,
        statusCode: row.status_code,
        responseMs: row.response_ms,
        region: row.region,
      }
    : null;
}
