import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { getMonitor } from "./get-monitor.ts";
import type { MonitorChanges } from "./monitor-changes.ts";

/** Deletes a monitor with its results and rollups; the scheduler drops it once that is stored. */
export async function deleteMonitor(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
  changes: MonitorChanges,
): Promise<void> {
  await getMonitor(ctx, access, monitorId);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("check_rollups").where("monitor_id", "=", monitorId).execute();
    await trx.deleteFrom("check_results").where("monitor_id", "=", monitorId).execute();
    await trx.deleteFrom("monitors").where("id", "=", monitorId).execute();
  });
  changes.removed(monitorId, access.accountId);
}
