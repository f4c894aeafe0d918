import type { MonitorChannel } from "@upwatch/api";
import { type ChannelLink, decodeSeverities, encodeSeverities } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { getMonitor } from "../monitors/get-monitor.ts";
import { monitorsOfChannels } from "./channel-monitors.ts";
import { openChannel, viewChannel } from "./channel-record.ts";
import { refuseForeignChannels } from "./refuse-foreign-channels.ts";

/** The channels one of the account's monitors sends its alerts to, and the severities of each. */
export async function listMonitorChannels(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
): Promise<MonitorChannel[]> {
  await getMonitor(ctx, access, monitorId);
  const channels = await ctx.db
    .selectFrom("channels")
    .innerJoin("monitor_channels", "monitor_channels.channel_id", "channels.id")
    .selectAll("channels")
    .select("monitor_channels.severities as link_severities")
    .where("monitor_channels.monitor_id", "=", monitorId)
    .orderBy("channels.created_at")
    .execute();
  const monitors = await monitorsOfChannels(
    ctx.db,
    channels.map((channel) => channel.id),
  );
  return channels.map(({ link_severities, ...channel }) => ({
    ...viewChannel(openChannel(channel, ctx.secrets), monitors.get(channel.id) ?? [], access.plan),
    severities: decodeSeverities(link_severities),
  }));
}

/** Chooses exactly which of the account's channels a monitor's alerts go to, for which severities. */
export async function setMonitorChannels(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
  links: readonly ChannelLink[],
): Promise<MonitorChannel[]> {
  await getMonitor(ctx, access, monitorId);
  await ctx.db.transaction().execute(async (trx) => {
    await refuseForeignChannels(
      trx,
      access.accountId,
      links.map((link) => link.id),
    );
    await trx.deleteFrom("monitor_channels").where("monitor_id", "=", monitorId).execute();
    if (links.length) {
      await trx
        .insertInto("monitor_channels")
        .values(
          links.map((link) => ({
            monitor_id: monitorId,
            channel_id: link.id,
            severities: encodeSeverities(link.severities),
          })),
        )
        .execute();
    }
  });
  return listMonitorChannels(ctx, access, monitorId);
}
