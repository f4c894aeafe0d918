import type { Group } from "@upwatch/api";
import { decodeSeverities, groupCounts, groupStatus } from "@upwatch/core";
import type { Database, MonitorGroupTable } from "@upwatch/db";
import type { Kysely } from "kysely";
import { isoTime } from "../../time.ts";

/** The account's groups as the API shows them, with members, channels, status and counts. */
export async function viewGroups(
  db: Kysely<Database>,
  rows: readonly MonitorGroupTable[],
): Promise<Group[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const members = await db
    .selectFrom("monitor_group_members")
    .innerJoin("monitors", "monitors.id", "monitor_group_members.monitor_id")
    .select(["monitor_group_members.group_id", "monitors.id", "monitors.paused", "monitors.state"])
    .where("monitor_group_members.group_id", "in", ids)
    .orderBy("monitors.created_at")
    .orderBy("monitors.id")
    .execute();
  const channels = await db
    .selectFrom("monitor_group_channels")
    .innerJoin("channels", "channels.id", "monitor_group_channels.channel_id")
    .select(["monitor_group_channels.group_id", "channels.id", "monitor_group_channels.severities"])
    .where("monitor_group_channels.group_id", "in", ids)
    .orderBy("channels.created_at")
    .orderBy("channels.id")
    .execute();
  return rows.map((row) => {
    const mine = members.filter((member) => member.group_id === row.id);
    const links = channels
      .filter((channel) => channel.group_id === row.id)
      .map((channel) => ({ id: channel.id, severities: decodeSeverities(channel.severities) }));
    const counts = groupCounts(
      mine.map((member) => ({
        paused: member.paused === 1,
        state: member.state === "up" || member.state === "down" ? member.state : "unknown",
      })),
    );
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      monitor_ids: mine.map((member) => member.id),
      channel_ids: links.map((link) => link.id),
      channels: links,
      status: groupStatus(counts),
      counts,
      created_at: isoTime(row.created_at),
      updated_at: isoTime(row.updated_at),
    };
  });
}

/** The key a group name is unique by within an account: trimmed, in lower case. */
export function groupNameKey(name: string): string {
  return name.trim().toLowerCase();
}
