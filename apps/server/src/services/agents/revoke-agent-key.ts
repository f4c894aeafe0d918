import type { Agent } from "@upwatch/api";
import { endOfflineAlertOfRevokedKey } from "../../alerting/index.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { WITHDRAWN, withdrawOpenTasks } from "../agent-tasks/withdraw-open-tasks.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import type { AgentKeyCache } from "./authenticate-agent.ts";
import { findOwnedAgent } from "./owned-agent.ts";
import { presentOneAgent } from "./present-agent.ts";

/**
 * Leaves the agent without a key: it can no longer report, and its history stays. Its open
 * offline alert resolves (`key-revoked`) in the same transaction, without a recovery notice, and
 * the tasks it has not answered yet are withdrawn.
 */
export async function revokeAgentKey(
  ctx: ServiceContext,
  access: AccountAccess,
  agentId: string,
  keys: AgentKeyCache,
): Promise<Agent> {
  let revoked: string | null = null;
  const row = await storeOrExplain("the change", () =>
    ctx.db.transaction().execute(async (trx) => {
      const agent = await findOwnedAgent(trx, access, agentId);
      revoked = agent.key_lookup;
      const at = ctx.now();
      const changed = {
        key_lookup: null,
        key_hash: null,
        key_created_at: null,
        key_revoked_at: agent.key_lookup ? at : agent.key_revoked_at,
        updated_at: at,
      };
      await trx.updateTable("agents").set(changed).where("id", "=", agentId).execute();
      await endOfflineAlertOfRevokedKey(trx, agentId, at);
      await withdrawOpenTasks(trx, { agentId }, WITHDRAWN.keyRevoked, at);
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "agent.key_revoked",
        target: { type: "agent", id: agent.id, label: agent.name },
      });
      return { ...agent, ...changed, offline_since: null };
    }),
  );
  if (revoked) keys.forget(revoked);
  return presentOneAgent(ctx.db, row, ctx.now());
}
