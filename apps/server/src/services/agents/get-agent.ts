import type { AgentDetail } from "@upwatch/api";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { latestAgentReport } from "./latest-agent-report.ts";
import { findOwnedAgent } from "./owned-agent.ts";
import { presentOneAgent } from "./present-agent.ts";

/** One of the account's agents with its newest report and its services' states. */
export async function getAgent(
  ctx: ServiceContext,
  access: AccountAccess,
  agentId: string,
): Promise<AgentDetail> {
  const row = await findOwnedAgent(ctx.db, access, agentId);
  const services = await ctx.db
    .selectFrom("agent_services")
    .selectAll()
    .where("agent_id", "=", agentId)
    .orderBy("name")
    .execute();
  return {
    ...(await presentOneAgent(ctx.db, row, ctx.now())),
    latest: latestAgentReport(row, services),
  };
}
