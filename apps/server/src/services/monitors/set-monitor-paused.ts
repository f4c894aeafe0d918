import type { MonitorChanges } from "../../engine/engine-ports.ts";
import type { Monitor } from "../../records/monitor-record.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { WITHDRAWN, withdrawOpenTasks } from "../agent-tasks/withdraw-open-tasks.ts";
import { monitorAuditEvent } from "../audit/monitor-audit.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { restartHeartbeatClock } from "../heartbeats/heartbeat-rows.ts";
import { storeOrExplain } from "../storage-error.ts";
import { enforceResumable } from "./enforce-plan.ts";
import { getMonitor } from "./get-monitor.ts";

/**
 * Pauses or resumes a monitor; doing what is already done is not an error. Resuming is refused
 * when the plan's active monitors are all in use or it lacks the monitor's type. Pausing
 * withdraws the tasks its agent has not answered yet, in the same write; resuming a heartbeat
 * monitor gives its job a whole period and the grace time for the next ping.
 */
export async function setMonitorPaused(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
  paused: boolean,
  changes: MonitorChanges,
): Promise<Monitor> {
  const current = await getMonitor(ctx, access, monitorId);
  if (current.paused === paused) return current;
  const at = ctx.now();
  const monitor = { ...current, paused, updated_at: at };
  await storeOrExplain("the monitor", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      if (!paused) await enforceResumable(trx, access, current, ctx.now());
      await trx
        .updateTable("monitors")
        .set({ paused: paused ? 1 : 0, paused_by_plan: 0, updated_at: at })
        .where("id", "=", monitorId)
        .execute();
      if (paused) await withdrawOpenTasks(trx, { monitorId }, WITHDRAWN.monitorPaused, at);
      if (!paused && monitor.type === "heartbeat") {
        await restartHeartbeatClock(trx, monitorId, monitor.options, at);
      }
      await recordAuditEvent(
        trx,
        ctx,
        access.accountId,
        actorOf(access),
        monitorAuditEvent(paused ? "monitor.paused" : "monitor.resumed", current, monitor),
      );
    }),
  );
  changes.saved(monitor);
  return monitor;
}
