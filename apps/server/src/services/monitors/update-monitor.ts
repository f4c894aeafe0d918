import { isDeepStrictEqual } from "node:util";
import {
  createMonitorSchema,
  describeMonitorIssue,
  HEARTBEAT_UNUSED_FIELDS,
  type UpdateMonitorInput,
} from "@upwatch/core";
import { endOutageOfChangedMonitor, resolveNoAgentAlert } from "../../alerting/index.ts";
import type { MonitorChanges } from "../../engine/engine-ports.ts";
import { type Monitor, settingsColumns, settingsOf } from "../../records/monitor-record.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { WITHDRAWN, withdrawOpenTasks } from "../agent-tasks/withdraw-open-tasks.ts";
import { monitorAuditEvent } from "../audit/monitor-audit.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { replaceMonitorGroups } from "../groups/group-links.ts";
import { refuseForeignGroups } from "../groups/group-rules.ts";
import { keepHeartbeat, restartHeartbeatClock } from "../heartbeats/heartbeat-rows.ts";
import { planMarksOfEdit } from "../plan-changes/plan-marks-of-edit.ts";
import type { RegionDirectory } from "../regions/region-directory.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { enforceResumable } from "./enforce-plan.ts";
import { getMonitor } from "./get-monitor.ts";
import { refuseMissingSecureNames, settleMultiStep } from "./multi-step-settings.ts";
import { keepMaskedSecrets } from "./secret-options.ts";
import { settleMonitorRunner } from "./settle-monitor-runner.ts";
import { settleMonitorRegions } from "./settle-regions.ts";

/**
 * Changes some of a monitor's settings. The result is validated as a whole, as a new monitor
 * would be; changing the type without new options starts from that type's defaults. A new type
 * or target starts the monitor over, ending its outage. Tasks its agent has not answered yet are
 * withdrawn when what they would run changes, or when the monitor is paused; its no-agent alert
 * resolves only when it is given another runner.
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
  // A heartbeat keeps its unused columns at their defaults; they are never sent back.
  if ((patch.type ?? current.type) === "heartbeat") {
    for (const field of HEARTBEAT_UNUSED_FIELDS) delete base[field];
  }
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
  const runner = await settleMonitorRunner(
    ctx,
    access,
    {
      agentId: patch.agent_id,
      sentRegions: patch.region !== undefined || patch.regions !== undefined,
    },
    current,
  );
  const settings = {
    ...(await settleMultiStep(
      ctx,
      access.accountId,
      await settleMonitorRegions(access, parsed.data, regions, current.regions),
    )),
    ...runner,
  };
  const at = ctx.now();
  const runnerChanged =
    runner.run_from !== current.run_from || runner.agent_id !== current.agent_id;
  const resetsHealth = typeChanged || settings.target !== current.target || runnerChanged;
  const checkChanged =
    resetsHealth ||
    settings.timeout_seconds !== current.timeout_seconds ||
    !isDeepStrictEqual(settings.options, current.options);
  const paused = settings.paused && !current.paused;
  const health = resetsHealth
    ? { state: "unknown" as const, consecutive_failures: 0, consecutive_successes: 0 }
    : {
        state: current.state,
        consecutive_failures: current.consecutive_failures,
        consecutive_successes: current.consecutive_successes,
      };
  const groupIds = settings.group_ids ?? current.group_ids;
  const monitor = {
    ...current,
    ...settings,
    group_ids: groupIds,
    ...health,
    updated_at: at,
  } as Monitor;
  const resolved = await storeOrExplain("the monitor", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      await refuseMissingSecureNames(trx, access.accountId, settings);
      if (current.paused && !settings.paused)
        await enforceResumable(trx, access, monitor, ctx.now());
      if (patch.group_ids !== undefined) {
        await refuseForeignGroups(trx, access.accountId, groupIds);
        await replaceMonitorGroups(trx, monitorId, groupIds);
      }
      await trx
        .updateTable("monitors")
        .set({
          ...settingsColumns(settings, monitorId, ctx.secrets),
          ...health,
          ...(await planMarksOfEdit(trx, ctx.secrets, current, monitor)),
          updated_at: at,
        })
        .where("id", "=", monitorId)
        .where("account_id", "=", access.accountId)
        .execute();
      if (settings.type === "heartbeat" && checkChanged) {
        await keepHeartbeat(trx, ctx.secrets, monitorId, settings.options, at);
      } else if (monitor.type === "heartbeat" && current.paused && !monitor.paused) {
        // Resumed: the job gets a whole period and the grace time, as when resuming by the button.
        await restartHeartbeatClock(trx, monitorId, monitor.options, at);
      } else if (typeChanged && current.type === "heartbeat") {
        await trx.deleteFrom("heartbeats").where("monitor_id", "=", monitorId).execute();
      }
      if (checkChanged || paused) {
        const reason = checkChanged ? WITHDRAWN.monitorChanged : WITHDRAWN.monitorPaused;
        await withdrawOpenTasks(trx, { monitorId }, reason, at);
      }
      const event = monitorAuditEvent("monitor.updated", current, monitor);
      if (event.changes) await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), event);
      const ended = resetsHealth ? await endOutageOfChangedMonitor(trx, monitorId, at) : [];
      const resolved = runnerChanged ? await resolveNoAgentAlert(trx, monitorId, at) : [];
      return [...ended, ...resolved];
    }),
  );
  changes.saved(monitor);
  if (resolved.length > 0) changes.alertsChanged?.(resolved);
  return monitor;
}
