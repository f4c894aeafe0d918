import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { getMonitor } from "./get-monitor.ts";
import type { MonitorChanges } from "./monitor-changes.ts";
import type { Monitor } from "./monitor-record.ts";

/** Pauses or resumes a monitor; doing what is already done is not an error. */
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
  await ctx.db
    .updateTable("monitors")
    .set({ paused: paused ? 1 : 0, updated_at: at })
    .where("id", "=", monitorId)
    .execute();
  const monitor = { ...current, paused, updated_at: at };
  changes.saved(monitor);
  return monitor;
}
