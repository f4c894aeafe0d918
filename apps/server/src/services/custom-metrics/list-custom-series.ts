import type { CustomSeriesList } from "@upwatch/api";
import { customMetricsNotInPlan, getPlan } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import { findOwnedAgent } from "../agents/owned-agent.ts";
import type { ServiceContext } from "../context.ts";
import { presentCustomSeries } from "./present-custom-series.ts";

/**
 * One of the account's agents' custom series, by name and labels, and why the agent's custom
 * metrics are refused when its latest ones were (the account's plan has none).
 */
export async function listCustomSeries(
  ctx: Pick<ServiceContext, "db">,
  access: Pick<AccountAccess, "accountId" | "plan">,
  agentId: string,
): Promise<CustomSeriesList> {
  const agent = await findOwnedAgent(ctx.db, access, agentId);
  const rows = await ctx.db
    .selectFrom("agent_custom_series")
    .selectAll()
    .where("agent_id", "=", agentId)
    .orderBy("series_key")
    .execute();
  const plan = getPlan(access.plan);
  const refused =
    agent.custom_metrics_refused_at !== null && !plan.limits.customAgentMetrics
      ? customMetricsNotInPlan(plan.name)
      : null;
  return { data: rows.map(presentCustomSeries), refused };
}
