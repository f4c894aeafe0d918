import { createMonitorSchema, describeMonitorIssue, type UpdateMonitorInput } from "@upwatch/core";
import { endOutageOfChangedMonitor } from "../../alerting/index.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import type { ServiceContext } from "../context.ts";
import type { RegionDirectory } from "../regions/region-directory.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { getMonitor } from "./get-monitor.ts";
import type { MonitorChanges } from "./monitor-changes.ts";
import { type Monitor, settingsColumns, settingsOf } from "./monitor-record.ts";
import { refuseMissingSecureNames, settleMultiStep } from "./multi-step-settings.ts";
import { keepMaskedSecrets } from "./secret-options.ts";
import { settleMonitorRegions } from "./settle-regions.ts";

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
  regions: RegionDirectory,
): Promise<Monitor> {
  const current = await getMonitor(ctx, access, monitorId);
  const typeChanged = patch.type !== undefined && patch.type !== current.type;
  const base = settingsOf(current);
  // A new single region replaces the list; the schema refuses a region and a list that disagree.
  if (patch.region !== undefined && patch.regions === undefined) delete base.regions;
  const { partialOptions, ...sent } = patch as UpdateMonitorInput & { partialOptions?: true };
  const sentOptions =
    sent.options && partialOptions && current.type === "multi_step"
      ? { ...current.options, ...sent.options }
      : sent.options;
  const merged = {
    ...base,
    ...sent,
    options: sentOptions
      ? keepMaskedSecrets(sentOptions, current.options)
      : typeChanged
        ? {}
        : current.options,
  };
  // A multi-step check's target is worked out from its steps, never sent.
  if (merged.type === "multi_step") delete (merged as { target?: string }).target;
  const parsed = createMonitorSchema.safeParse(merged);
  if (!parsed.success)
    throw new ServiceError("invalid", describeMonitorIssue(parsed.error, merged));
  const settings = await settleMultiStep(
    ctx,
    access.accountId,
    await settleMonitorRegions(access, parsed.data, regions, current.regions),
  );
  const at = ctx.now();
  const resetsHealth = typeChanged || settings.target !== current.target;
  const health = resetsHealth
    ? { state: "unknown" as const, consecutive_failures: 0, consecutive_successes: 0 }
    : {
        state: current.state,
        consecutive_failures: current.consecutive_failures,
        consecutive_successes: current.consecutive_successes,
      };
  const resolved = await storeOrExplain("the monitor", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      await refuseMissingSecureNames(trx, access.accountId, settings);
      await trx
        .updateTable("monitors")
        .set({ ...settingsColumns(settings, monitorId, ctx.secrets), ...health, updated_at: at })
        .where("id", "=", monitorId)
        .where("account_id", "=", access.accountId)
        .execute();
      return resetsHealth ? endOutageOfChangedMonitor(trx, monitorId, at) : [];
    }),
  );
  const monitor: Monitor = { ...current, ...settings, ...health, updated_at: at } as Monitor;
  changes.saved(monitor);
  if (resolved.length > 0) changes.alertsChanged?.(resolved);
  return monitor;
}
