import { resolveRuleAlerts } from "../../alerting/index.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { AlertingHooks } from "../alerts/alerting-hooks.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findOwnedAgentRule } from "./owned-agent-rule.ts";

/**
 * Removes an agent's alert rule with what it remembered of breaches; its open alerts resolve
 * (`rule-deleted`) in the same transaction, with a notice to those told of them.
 */
export async function deleteAgentRule(
  ctx: ServiceContext,
  hooks: Pick<AlertingHooks, "actx" | "queued">,
  access: AccountAccess,
  agentId: string,
  ruleId: string,
): Promise<void> {
  const queued = await storeOrExplain("the change", () =>
    ctx.db.transaction().execute(async (trx) => {
      await findOwnedAgentRule(trx, access, agentId, ruleId);
      const notices = await resolveRuleAlerts(trx, hooks.actx, ruleId, ctx.now());
      await trx.deleteFrom("agent_alert_rules").where("id", "=", ruleId).execute();
      return notices;
    }),
  );
  if (queued > 0) hooks.queued();
}
