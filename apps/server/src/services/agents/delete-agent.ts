import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import type { AgentKeyCache } from "./authenticate-agent.ts";
import { findOwnedAgent } from "./owned-agent.ts";

/**
 * Deletes an agent; its samples, rollups, services, rules, channels, dependencies and alerts go
 * with it (the database cascades), its key stops at once and the plan's slot is free again.
 */
export async function deleteAgent(
  ctx: ServiceContext,
  access: AccountAccess,
  agentId: string,
  keys: AgentKeyCache,
): Promise<void> {
  const agent = await storeOrExplain("the change", () =>
    ctx.db.transaction().execute(async (trx) => {
      const agent = await findOwnedAgent(trx, access, agentId);
      await trx.deleteFrom("agents").where("id", "=", agentId).execute();
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "agent.deleted",
        target: { type: "agent", id: agent.id, label: agent.name },
      });
      return agent;
    }),
  );
  if (agent.key_lookup) keys.forget(agent.key_lookup);
}
