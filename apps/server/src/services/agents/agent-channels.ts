import { type ChannelLink, decodeSeverities, encodeSeverities } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { refuseForeignChannels } from "../channels/refuse-foreign-channels.ts";

/** Makes exactly these channels (all the account's) receive the agent's alerts of their severities. */
export async function setAgentChannels(
  trx: Kysely<Database>,
  accountId: string,
  agentId: string,
  links: readonly ChannelLink[],
): Promise<void> {
  await refuseForeignChannels(
    trx,
    accountId,
    links.map((link) => link.id),
  );
  await trx.deleteFrom("agent_channels").where("agent_id", "=", agentId).execute();
  if (links.length) {
    await trx
      .insertInto("agent_channels")
      .values(
        links.map((link) => ({
          agent_id: agentId,
          channel_id: link.id,
          severities: encodeSeverities(link.severities),
        })),
      )
      .execute();
  }
}

/**
 * The account's channels marked for new monitors, which new agents use too, with the severities
 * they take on new monitors.
 */
export async function channelsForNewAgents(
  trx: Kysely<Database>,
  accountId: string,
): Promise<ChannelLink[]> {
  const rows = await trx
    .selectFrom("channels")
    .select(["id", "new_monitor_severities"])
    .where("account_id", "=", accountId)
    .where("attach_to_new_monitors", "=", 1)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    severities: decodeSeverities(row.new_monitor_severities),
  }));
}
