import type { Channel } from "@upwatch/api";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { getMonitor } from "../monitors/get-monitor.ts";
import { monitorsOfChannels } from "./channel-monitors.ts";
import { openChannel, viewChannel } from "./channel-record.ts";
import { refuseForeignChannels } from "./refuse-foreign-channels.ts";

/** The channels one of the account's monitors sends its alerts to. */
export async function listMonitorChannels(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
): Promise<Channel[]> {
  await getMonitor(ctx, access, monitorId);
  const channels = await ctx.db
    .selectFrom("channels")
    .innerJoin("monitor_channels", "monitor_channels.channel_id", "channels.id")
    .selectAll("channels")
    .where("monitor_channels.monitor_id", "=", monitorId)
    .orderBy("channels.created_at")
    .execute();
  const monitors = await monitorsOfChannels(
    ctx.db,
    channels.map((channel) => channel.id),
  );
  return channels.map((channel) =>
    viewChannel(openChannel(channel, ctx.secrets), monitors.get(channel.id) ?? [], access.plan),
  );
}

/** Chooses exactly which of the account's channels a monitor's alerts go to. */
export async function setMonitorChannels(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
  channelIds: readonly string[],
): Promise<Channel[]> {
  await getMonitor(ctx, access, monitorId);
  const wanted = [...new Set(channelIds)];
  await ctx.db.transaction().execute(async (trx) => {
    await refuseForeignChannels(trx, access.accountId, wanted);
    await trx.deleteFrom("monitor_channels").where("monitor_id", "=", monitorId).execute();
    if (wanted.length) {
      await trx
        .insertInto("monitor_channels")
        .values(wanted.map((channelId) => ({ monitor_id: monitorId, channel_id: channelId })))
        .execute();
    }
  });
  return listMonitorChannels(ctx, access, monitorId);
}
