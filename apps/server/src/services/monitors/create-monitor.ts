import type { CreateMonitorInput } from "@upwatch/core";
import { sql } from "kysely";
import type { MonitorChanges } from "../../engine/engine-ports.ts";
import { type Monitor, settingsColumns } from "../../records/monitor-record.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { monitorAuditEvent } from "../audit/monitor-audit.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { replaceMonitorGroups } from "../groups/group-links.ts";
import { refuseForeignGroups } from "../groups/group-rules.ts";
import { keepHeartbeat } from "../heartbeats/heartbeat-rows.ts";
import type { RegionDirectory } from "../regions/region-directory.ts";
import { storeOrExplain } from "../storage-error.ts";
import { enforceMonitorCount } from "./enforce-plan.ts";
import { refuseMissingSecureNames, settleMultiStep } from "./multi-step-settings.ts";
import { settleMonitorRunner } from "./settle-monitor-runner.ts";
import { settleMonitorRegions } from "./settle-regions.ts";

/**
 * Creates a monitor within the plan's rules; the count is checked under the account's lock, so
 * simultaneous requests cannot pass the plan's limit. It uses the account's channels marked for
 * new monitors. Its regions must be served now. The scheduler picks it up at once.
 */
export async function createMonitor(
  ctx: ServiceContext,
  access: AccountAccess,
  input: CreateMonitorInput,
  changes: MonitorChanges,
  regions: RegionDirectory,
): Promise<Monitor> {
  const runner = await settleMonitorRunner(ctx, access, {
    agentId: input.agent_id,
    sentRegions: input.region !== undefined || input.regions !== undefined,
  });
  const settings = {
    ...(await settleMultiStep(
      ctx,
      access.accountId,
      await settleMonitorRegions(access, input, regions),
    )),
    ...runner,
  };
  const at = ctx.now();
  const monitor: Monitor = {
    ...settings,
    group_ids: settings.group_ids ?? [],
    id: ctx.newId("mon"),
    account_id: access.accountId,
    state: "unknown",
    consecutive_failures: 0,
    consecutive_successes: 0,
    last_checked_at: null,
    created_at: at,
    updated_at: at,
  };
  await storeOrExplain("the monitor", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      await enforceMonitorCount(trx, access, ctx.now());
      await refuseMissingSecureNames(trx, access.accountId, settings);
      await refuseForeignGroups(trx, access.accountId, monitor.group_ids);
      await trx
        .insertInto("monitors")
        .values({
          id: monitor.id,
          account_id: monitor.account_id,
          ...settingsColumns(settings, monitor.id, ctx.secrets),
          state: monitor.state,
          consecutive_failures: 0,
          consecutive_successes: 0,
          last_checked_at: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      if (settings.type === "heartbeat") {
        await keepHeartbeat(trx, ctx.secrets, monitor.id, settings.options, at);
      }
      await trx
        .insertInto("monitor_channels")
        .columns(["monitor_id", "channel_id", "severities"])
        .expression((eb) =>
          eb
            .selectFrom("channels")
            .select([
              sql<string>`cast(${monitor.id} as text)`.as("monitor_id"),
              "id as channel_id",
              "new_monitor_severities as severities",
            ])
            .where("account_id", "=", access.accountId)
            .where("attach_to_new_monitors", "=", 1),
        )
        .execute();
      await replaceMonitorGroups(trx, monitor.id, monitor.group_ids);
      await recordAuditEvent(
        trx,
        ctx,
        access.accountId,
        actorOf(access),
        monitorAuditEvent("monitor.created", null, monitor),
      );
    }),
  );
  changes.saved(monitor);
  return monitor;
}
