import { type ChannelLink, encodeSeverities } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { enforceGroupSize } from "./group-rules.ts";

/** Rows are written a few hundred at a time, within every database's parameter limit. */
const BATCH = 300;

/** Makes the group's members exactly these monitors (already checked to be the account's). */
export async function replaceGroupMonitors(
  trx: Kysely<Database>,
  groupId: string,
  monitorIds: readonly string[],
): Promise<void> {
  await trx.deleteFrom("monitor_group_members").where("group_id", "=", groupId).execute();
  await addGroupMonitorRows(trx, groupId, monitorIds);
}

/** Adds monitors to the group; those already in it stay once. */
export async function addGroupMonitorRows(
  trx: Kysely<Database>,
  groupId: string,
  monitorIds: readonly string[],
): Promise<void> {
  for (let start = 0; start < monitorIds.length; start += BATCH) {
    await trx
      .insertInto("monitor_group_members")
      .values(
        monitorIds
          .slice(start, start + BATCH)
          .map((monitorId) => ({ group_id: groupId, monitor_id: monitorId })),
      )
      .onConflict((oc) => oc.columns(["group_id", "monitor_id"]).doNothing())
      .execute();
  }
  await enforceGroupSize(trx, groupId);
}

/** Makes the group's channels exactly these, for their severities (checked to be the account's). */
export async function replaceGroupChannels(
  trx: Kysely<Database>,
  groupId: string,
  links: readonly ChannelLink[],
): Promise<void> {
  await trx.deleteFrom("monitor_group_channels").where("group_id", "=", groupId).execute();
  if (links.length === 0) return;
  await trx
    .insertInto("monitor_group_channels")
    .values(
      links.map((link) => ({
        group_id: groupId,
        channel_id: link.id,
        severities: encodeSeverities(link.severities),
      })),
    )
    .execute();
}

/** Makes the monitor a member of exactly these groups (already checked to be the account's). */
export async function replaceMonitorGroups(
  trx: Kysely<Database>,
  monitorId: string,
  groupIds: readonly string[],
): Promise<void> {
  await trx.deleteFrom("monitor_group_members").where("monitor_id", "=", monitorId).execute();
  if (groupIds.length === 0) return;
  await trx
    .insertInto("monitor_group_members")
    .values(groupIds.map((groupId) => ({ group_id: groupId, monitor_id: monitorId })))
    .execute();
  for (const groupId of groupIds) await enforceGroupSize(trx, groupId);
}

/** Each monitor's groups, by monitor id (monitors in no group are absent). */
export async function groupIdsOfMonitors(
  db: Kysely<Database>,
  monitorIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byMonitor = new Map<string, string[]>();
  for (let start = 0; start < monitorIds.length; start += 500) {
    const rows = await db
      .selectFrom("monitor_group_members")
      .innerJoin("monitor_groups", "monitor_groups.id", "monitor_group_members.group_id")
      .select(["monitor_group_members.monitor_id", "monitor_group_members.group_id"])
      .where("monitor_group_members.monitor_id", "in", monitorIds.slice(start, start + 500))
      .orderBy("monitor_groups.name_key")
      .execute();
    for (const row of rows) {
      const list = byMonitor.get(row.monitor_id) ?? [];
      list.push(row.group_id);
      byMonitor.set(row.monitor_id, list);
    }
  }
  return byMonitor;
}
