import type { Agent, UpdateAgentInput } from "@upwatch/api";
import { linksOf } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { setAgentChannels } from "./agent-channels.ts";
import { findOwnedAgent } from "./owned-agent.ts";
import { presentOneAgent } from "./present-agent.ts";

/** Renames an agent, changes when it counts as offline or which channels hear of it. */
export async function updateAgent(
  ctx: ServiceContext,
  access: AccountAccess,
  agentId: string,
  input: UpdateAgentInput,
): Promise<Agent> {
  const row = await storeOrExplain("the agent", () =>
    ctx.db.transaction().execute(async (trx) => {
      const agent = await findOwnedAgent(trx, access, agentId);
      const changed = {
        name: input.name ?? agent.name,
        offline_after_minutes: input.offline_after_minutes ?? agent.offline_after_minutes,
        updated_at: ctx.now(),
      };
      await trx.updateTable("agents").set(changed).where("id", "=", agentId).execute();
      const channels = linksOf(input.channel_ids, input.channels);
      if (channels) await setAgentChannels(trx, access.accountId, agentId, channels);
      return { ...agent, ...changed };
    }),
  );
  return presentOneAgent(ctx.db, row, ctx.now());
}
