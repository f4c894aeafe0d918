import { type ChannelLink, decodeSeverities, encodeSeverities } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { ServiceError } from "../service-error.ts";

/** The monitors using each of these channels, with the severities each sends to it. */
export async function monitorsOfChannels(
  db: Kysely<Database>,
  channelIds: readonly string[],
): Promise<Map<string, ChannelLink[]>> {
  const byChannel = new Map<string, ChannelLink[]>(channelIds.map((id) => [id, []]));
  if (channelIds.length === 0) return byChannel;
  const rows = await db
    .selectFrom("monitor_channels")
    .select(["channel_id", "monitor_id", "severities"])
    .where("channel_id", "in", channelIds)
    .orderBy("monitor_id")
    .execute();
  for (const row of rows) {
    byChannel
      .get(row.channel_id)
      ?.push({ id: row.monitor_id, severities: decodeSeverities(row.severities) });
  }
  return byChannel;
}

/** Makes exactly these monitors (all the account's) use the channel, for their severities. */
export async function setChannelMonitors(
  trx: Kysely<Database>,
  accountId: string,
  channelId: string,
  monitors: readonly ChannelLink[],
): Promise<void> {
  const wanted = monitors.map((monitor) => monitor.id);
  if (wanted.length) {
    const owned = await trx
      .selectFrom("monitors")
      .select("id")
      .where("account_id", "=", accountId)
      .where("id", "in", wanted)
      .execute();
    const missing = wanted.find((id) => !owned.some((monitor) => monitor.id === id));
    if (missing)
      throw new ServiceError(
        "invalid",
        `monitor_ids: there is no monitor ${missing} in this account.`,
      );
  }
  await trx.deleteFrom("monitor_channels").where("channel_id", "=", channelId).execute();
  if (wanted.length) {
    await trx
      .insertInto("monitor_channels")
      .values(
        monitors.map((monitor) => ({
          monitor_id: monitor.id,
          channel_id: channelId,
          severities: encodeSeverities(monitor.severities),
        })),
      )
      .execute();
  }
}
