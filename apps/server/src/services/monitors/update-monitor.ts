import { createMonitorSchema, describeMonitorIssue, type UpdateMonitorInput } from "@upwatch/core";
import { endOutageOfChangedMonitor } from "../../alerting/index.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { enforceMonitorSettings } from "./enforce-plan.ts";
import { getMonitor } from "./get-monitor.ts";
import type { MonitorChanges } from "./monitor-changes.ts";
import { type Monitor, settingsColumns, settingsOf } from "./monitor-record.ts";
import { keepMaskedSecrets } from "./secret-options.ts";

/**
 * Changes some of a monitor's settings. The result is validated as a whole, as a new monitor
 * would be; changing the type without new options starts from that type's defaults. A new type
 * or target starts the monitor over, ending its outage.
 */
export async function updateMonitor(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
  patch: UpdateMonitorInput,
  changes: MonitorChanges,
): Promise<Monitor> {
  const current = await getMonitor(ctx, access, monitorId);
  const typeChanged = patch.type !== undefined && patch.type !== current.type;
  const merged = {
    ...settingsOf(current),
    ...patch,
    options: patch.options
      ? keepMaskedSecrets(patch.options, current.options)
      : typeChanged
        ? {}
        : current.options,
  };
  const parsed = createMonitorSchema.safeParse(merged);
  if (!parsed.success) throw new ServiceError("invalid", describeMonitorIssue(parsed.error));
  enforceMonitorSettings(access, parsed.data);
  const at = ctx.now();
  const resetsHealth = typeChanged || parsed.data.target !== current.target;
  const health = resetsHealth
    ? { state: "unknown" as const, consecutive_failures: 0, consecutive_successes: 0 }
    : {
        state: current.state,
        consecutive_failures: current.consecutive_failures,
        consecutive_successes: current.consecutive_successes,
      };
  const resolved = await storeOrExplain("the monitor", () =>
    ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("monitors")
        .set({ ...settingsColumns(parsed.data, monitorId, ctx.secrets), ...health, updated_at: at })
        .where("id", "=", monitorId)
        .where("account_id", "=", access.accountId)
        .execute();
      return resetsHealth ? endOutageOfChangedMonitor(trx, monitorId, at) : [];
    }),
  );
  const monitor: Monitor = { ...current, ...parsed.data, ...health, updated_at: at } as Monitor;
  changes.saved(monitor);
  if (resolved.length > 0) changes.alertsChanged?.(resolved);
  return monitor;
}
