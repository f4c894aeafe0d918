import type { AccountAccess } from "../accounts/account-access.ts";
import { WITHDRAWN, withdrawOpenTasks } from "../agent-tasks/withdraw-open-tasks.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { generateAgentKey } from "./agent-key-format.ts";
import type { AgentKeyCache } from "./authenticate-agent.ts";
import type { AgentWithKey } from "./create-agent.ts";
import { findOwnedAgent } from "./owned-agent.ts";
import { presentOneAgent } from "./present-agent.ts";

/**
 * Gives the agent a new key, shown this once; the old key stops matching in the same write, and
 * the tasks the agent has not answered yet are withdrawn (it cannot answer them with the old key).
 */
export async function issueAgentKey(
  ctx: ServiceContext,
  access: AccountAccess,
  agentId: string,
  keys: AgentKeyCache,
): Promise<AgentWithKey> {
  let replaced: string | null = null;
  const key = generateAgentKey();
  const row = await storeOrExplain("the new key", () =>
    ctx.db.transaction().execute(async (trx) => {
      const agent = await findOwnedAgent(trx, access, agentId);
      replaced = agent.key_lookup;
      const at = ctx.now();
      const changed = {
        key_lookup: key.lookup,
        key_hash: key.hash,
        key_created_at: at,
        key_revoked_at: null,
        updated_at: at,
      };
      await trx.updateTable("agents").set(changed).where("id", "=", agentId).execute();
      await withdrawOpenTasks(trx, { agentId }, WITHDRAWN.keyReplaced, at);
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "agent.key_replaced",
        target: { type: "agent", id: agent.id, label: agent.name },
      });
      return { ...agent, ...changed };
    }),
  );
  if (replaced) keys.forget(replaced);
  keys.forget(key.lookup);
  return { agent: await presentOneAgent(ctx.db, row, ctx.now()), key: key.key };
}
