import type { AgentMetricsRange } from "@upwatch/api";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { type AgentMetrics, agentMetrics } from "./agent-metrics.ts";
import { findOwnedAgent } from "./owned-agent.ts";

/** One of the account's agents' figures over a chart range. */
export async function getAgentMetrics(
  ctx: ServiceContext,
  access: AccountAccess,
  agentId: string,
  range: AgentMetricsRange,
): Promise<AgentMetrics> {
  await findOwnedAgent(ctx.db, access, agentId);
  return agentMetrics(ctx, agentId, range);
}
