import type { AgentRule, CreateAgentRuleInput } from "@upwatch/api";
import { AGENT_RULE_RANGES, getPlan, PLANS } from "@upwatch/core";
import type { AgentAlertRuleTable } from "@upwatch/db";
import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { presentAgentRule } from "./agent-rule-record.ts";
import { findOwnedAgent } from "./owned-agent.ts";
import { ruleColumns, ruleDefaults, settleAgentRule } from "./settle-agent-rule.ts";

/** Adds an alert rule to an agent; what the input leaves out comes from the kind's template. */
export async function createAgentRule(
  ctx: ServiceContext,
  access: AccountAccess,
  agentId: string,
  input: CreateAgentRuleInput,
): Promise<AgentRule> {
  const { kind, ...changes } = input;
  if (kind === "custom") enforceCustomMetricsPlan(access);
  const settings = settleAgentRule(ruleDefaults(kind), changes);
  const at = ctx.now();
  const row: AgentAlertRuleTable = {
    id: ctx.newId("arl"),
    account_id: access.accountId,
    agent_id: agentId,
    ...ruleColumns(settings),
    created_at: at,
    updated_at: at,
  };
  await storeOrExplain("the alert rule", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      await findOwnedAgent(trx, access, agentId);
      const { count } = await trx
        .selectFrom("agent_alert_rules")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("agent_id", "=", agentId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= AGENT_RULE_RANGES.rulesPerAgent) {
        throw new ServiceError(
          "invalid",
          `An agent can have at most ${AGENT_RULE_RANGES.rulesPerAgent} alert rules; delete one to add another.`,
        );
      }
      await trx.insertInto("agent_alert_rules").values(row).execute();
    }),
  );
  return presentAgentRule(row);
}

/** Rules on custom metrics need a plan with custom metrics, refused like the other plan walls. */
function enforceCustomMetricsPlan(access: Pick<AccountAccess, "plan">): void {
  const plan = getPlan(access.plan);
  if (plan.limits.customAgentMetrics) return;
  const upgrade =
    PLANS.find((candidate) => candidate.limits.customAgentMetrics)?.name ?? "a higher";
  throw new ServiceError(
    "plan-limit",
    `Custom agent metrics are part of the ${upgrade} plan; the ${plan.name} plan cannot alert on them.`,
  );
}
