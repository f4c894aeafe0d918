import type { CreateMonitorInput } from "@upwatch/core";
import { sql } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import type { ServiceContext } from "../context.ts";
import type { RegionDirectory } from "../regions/region-directory.ts";
import { storeOrExplain } from "../storage-error.ts";
import { enforceMonitorCount } from "./enforce-plan.ts";
import type { MonitorChanges } from "./monitor-changes.ts";
import type { Monitor } from "./monitor-record.ts";
import { settingsColumns } from "./monitor-record.ts";
import { refuseMissingSecureNames, settleMultiStep } from "./multi-step-settings.ts";
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
  const settings = await settleMultiStep(
    ctx,
    access.accountId,
    await settleMonitorRegions(access, input, regions),
  );
  const at = ctx.now();
  const monitor: Monitor = {
    ...settings,
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
      await enforceMonitorCount(trx, access);
      await refuseMissingSecureNames(trx, access.accountId, settings);
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
      await trx
        .insertInto("monitor_channels")
        .columns(["monitor_id", "channel_id"])
        .expression((eb) =>
          eb
            .selectFrom("channels")
            .select([sql<string>`cast(${monitor.id} as text)`.as("monitor_id"), "id as channel_id"])
            .where("account_id", "=", access.accountId)
            .where("attach_to_new_monitors", "=", 1),
        )
        .execute();
    }),
  );
  changes.saved(monitor);
  return monitor;
}
