import type { AgentRule } from "@upwatch/api";
import {
  AGENT_RULE_KINDS,
  AGENT_RULE_TEMPLATES,
  type AgentRuleTemplate,
  getPlan,
} from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { presentAgentRule } from "./agent-rule-record.ts";
import { findOwnedAgent } from "./owned-agent.ts";

/**
 * An agent's alert rules, oldest first, and the templates new rules start from: the custom
 * metric template only on plans with custom metrics.
 */
export async function listAgentRules(
  ctx: ServiceContext,
  access: AccountAccess,
  agentId: string,
): Promise<{ data: AgentRule[]; templates: AgentRuleTemplate[] }> {
  await findOwnedAgent(ctx.db, access, agentId);
  const rows = await ctx.db
    .selectFrom("agent_alert_rules")
    .selectAll()
    .where("agent_id", "=", agentId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return {
    data: rows.map(presentAgentRule),
    templates: AGENT_RULE_KINDS.filter(
      (kind) => kind !== "custom" || getPlan(access.plan).limits.customAgentMetrics,
    ).map((kind) => AGENT_RULE_TEMPLATES[kind]),
  };
}
