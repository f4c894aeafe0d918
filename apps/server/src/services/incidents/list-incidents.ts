import type { IncidentTable } from "@upwatch/db";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { getMonitor } from "../monitors/get-monitor.ts";

/** A monitor's outages, newest first (at most `limit`). */
export async function listIncidents(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
  limit: number,
): Promise<IncidentTable[]> {
  await getMonitor(ctx, access, monitorId);
  return ctx.db
    .selectFrom("incidents")
    .selectAll()
    .where("monitor_id", "=", monitorId)
    .orderBy("started_at", "desc")
    .limit(limit)
    .execute();
}
