import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { refuseForeignChannels } from "../channels/refuse-foreign-channels.ts";

/** Makes exactly these channels (all the account's) receive the agent's alerts. */
export async function setAgentChannels(
  trx: Kysely<Database>,
  accountId: string,
  agentId: string,
  channelIds: readonly string[],
): Promise<void> {
  const wanted = [...new Set(channelIds)];
  await refuseForeignChannels(trx, accountId, wanted);
  await trx.deleteFrom("agent_channels").where("agent_id", "=", agentId).execute();
  if (wanted.length) {
    await trx
      .insertInto("agent_channels")
      .values(wanted.map((channelId) => ({ agent_id: agentId, channel_id: channelId })))
      .execute();
  }
}

/** The account's channels marked for new monitors, which new agents use too. */
export async function channelsForNewAgents(
  trx: Kysely<Database>,
  accountId: string,
): Promise<string[]> {
  const rows = await trx
    .selectFrom("channels")
    .select("id")
    .where("account_id", "=", accountId)
    .where("attach_to_new_monitors", "=", 1)
    .execute();
  return rows.map((row) => row.id);
}
