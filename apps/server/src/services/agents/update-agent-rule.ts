import type { AgentRule, UpdateAgentRuleInput } from "@upwatch/api";
import { reviewRuleAlerts } from "../../alerting/index.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { AlertingHooks } from "../alerts/alerting-hooks.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { presentAgentRule, ruleSettingsOf } from "./agent-rule-record.ts";
import { findOwnedAgentRule } from "./owned-agent-rule.ts";
import { ruleColumns, settleAgentRule } from "./settle-agent-rule.ts";

/**
 * Changes an agent's alert rule; fields left out keep their values. When its disks, services or
 * threshold change, its open alerts that no longer apply resolve in the same transaction.
 */
export async function updateAgentRule(
  ctx: ServiceContext,
  hooks: Pick<AlertingHooks, "actx" | "queued">,
  access: AccountAccess,
  agentId: string,
  ruleId: string,
  input: UpdateAgentRuleInput,
): Promise<AgentRule> {
  const { row, queued } = await storeOrExplain("the alert rule", () =>
    ctx.db.transaction().execute(async (trx) => {
      const rule = await findOwnedAgentRule(trx, access, agentId, ruleId);
      const at = ctx.now();
      const changed = {
        ...ruleColumns(settleAgentRule(ruleSettingsOf(rule), input)),
        updated_at: at,
      };
      await trx.updateTable("agent_alert_rules").set(changed).where("id", "=", ruleId).execute();
      const thresholdChanged =
        changed.threshold !== rule.threshold ||
        changed.metric !== rule.metric ||
        changed.labels !== rule.labels ||
        changed.comparison !== rule.comparison;
      const watched = changed.disks !== rule.disks || changed.services !== rule.services;
      const queued =
        thresholdChanged || watched
          ? await reviewRuleAlerts(trx, hooks.actx, ruleId, at, { thresholdChanged })
          : 0;
      return { row: { ...rule, ...changed }, queued };
    }),
  );
  if (queued > 0) hooks.queued();
  return presentAgentRule(row);
}
