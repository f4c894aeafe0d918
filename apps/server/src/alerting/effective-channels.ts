import type { EffectiveChannel } from "@upwatch/api";
import { type AlertChannel, decodeSeverities, orderSeverities } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

interface ChannelLink {
  monitor_id: string;
  id: string;
  name: string;
  type: string;
  created_at: number;
  group_id: string | null;
  severities: string;
}

/**
 * The channels each monitor's alerts go to: its own and its groups', each channel once, in the
 * order the channels were made, receiving the severities of all its attachments together. A
 * group's channels reach members added after they were attached.
 */
export async function effectiveChannelsOf(
  db: Kysely<Database>,
  monitorIds: readonly string[],
): Promise<Map<string, EffectiveChannel[]>> {
  const byMonitor = new Map<string, EffectiveChannel[]>();
  for (let start = 0; start < monitorIds.length; start += 500) {
    const part = monitorIds.slice(start, start + 500);
    const own = await db
      .selectFrom("monitor_channels")
      .innerJoin("channels", "channels.id", "monitor_channels.channel_id")
      .select([
        "monitor_channels.monitor_id",
        "channels.id",
        "channels.name",
        "channels.type",
        "channels.created_at",
        "monitor_channels.severities",
      ])
      .where("monitor_channels.monitor_id", "in", part)
      .execute();
    const viaGroups = await db
      .selectFrom("monitor_group_members")
      .innerJoin(
        "monitor_group_channels",
        "monitor_group_channels.group_id",
        "monitor_group_members.group_id",
      )
      .innerJoin("channels", "channels.id", "monitor_group_channels.channel_id")
      .select([
        "monitor_group_members.monitor_id",
        "channels.id",
        "channels.name",
        "channels.type",
        "channels.created_at",
        "monitor_group_members.group_id",
        "monitor_group_channels.severities",
      ])
      .where("monitor_group_members.monitor_id", "in", part)
      .execute();
    const links: ChannelLink[] = [
      ...own.map((row) => ({ ...row, group_id: null })),
      ...viaGroups.map((row) => ({ ...row, group_id: row.group_id as string | null })),
    ].sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
    for (const link of links) {
      const list = byMonitor.get(link.monitor_id) ?? [];
      let channel = list.find((known) => known.id === link.id);
      if (!channel) {
        channel = {
          id: link.id,
          name: link.name,
          type: link.type as AlertChannel,
          via: "group",
          group_ids: [],
          severities: [],
        };
        list.push(channel);
        byMonitor.set(link.monitor_id, list);
      }
      channel.severities = orderSeverities([
        ...channel.severities,
        ...decodeSeverities(link.severities),
      ]);
      if (link.group_id === null) channel.via = "monitor";
      else if (!channel.group_ids.includes(link.group_id)) channel.group_ids.push(link.group_id);
    }
  }
  for (const list of byMonitor.values()) for (const channel of list) channel.group_ids.sort();
  return byMonitor;
}
