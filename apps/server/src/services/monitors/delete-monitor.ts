import type { MonitorChanges } from "../../engine/engine-ports.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { deletedMonitorAuditEvent } from "../audit/monitor-audit.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { getMonitor } from "./get-monitor.ts";

/** Deletes a monitor with its results and rollups; the scheduler drops it once that is stored. */
export async function deleteMonitor(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
  changes: MonitorChanges,
): Promise<void> {
  const current = await getMonitor(ctx, access, monitorId);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("check_rollups").where("monitor_id", "=", monitorId).execute();
    await trx.deleteFrom("check_results").where("monitor_id", "=", monitorId).execute();
    await trx.deleteFrom("monitors").where("id", "=", monitorId).execute();
    await recordAuditEvent(
      trx,
      ctx,
      access.accountId,
      actorOf(access),
      deletedMonitorAuditEvent(current),
    );
  });
  changes.removed(monitorId, access.accountId);
}
