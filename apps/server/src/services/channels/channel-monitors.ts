import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { ServiceError } from "../service-error.ts";

/** The monitors using each of these channels. */
export async function monitorsOfChannels(
  db: Kysely<Database>,
  channelIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byChannel = new Map<string, string[]>(channelIds.map((id) => [id, []]));
  if (channelIds.length === 0) return byChannel;
  const rows = await db
    .selectFrom("monitor_channels")
    .select(["channel_id", "monitor_id"])
    .where("channel_id", "in", channelIds)
    .orderBy("monitor_id")
    .execute();
  for (const row of rows) byChannel.get(row.channel_id)?.push(row.monitor_id);
  return byChannel;
}

/** Makes exactly these monitors (all the account's) use the channel. */
export async function setChannelMonitors(
  trx: Kysely<Database>,
  accountId: string,
  channelId: string,
  monitorIds: readonly string[],
): Promise<void> {
  const wanted = [...new Set(monitorIds)];
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
      .values(wanted.map((monitorId) => ({ monitor_id: monitorId, channel_id: channelId })))
      .execute();
  }
}
