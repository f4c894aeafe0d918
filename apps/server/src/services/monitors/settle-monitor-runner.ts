import {
  agentTaskBlocker,
  PROXY_MIN_VERSION,
  planIncludesAgents,
  type RunFrom,
} from "@upwatch/core";
import { readStoredJson } from "../../records/stored-json.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";

/** Where a monitor's checks run from once settled. */
export interface MonitorRunner {
  run_from: RunFrom;
  agent_id: string | null;
}

/** What a create or change asked for: the agent, and whether regions came in the same body. */
export interface RunnerRequest {
  agentId: string | null | undefined;
  sentRegions: boolean;
}

/**
 * Settles where a monitor runs from. An agent must be this account's, keep its key and be able
 * to run checks; regions sent with an agent are refused; regions (or agent_id null) switch back.
 * Nothing said about either keeps what the monitor had, even an agent since deleted.
 */
export async function settleMonitorRunner(
  ctx: ServiceContext,
  access: AccountAccess,
  request: RunnerRequest,
  current?: MonitorRunner,
): Promise<MonitorRunner> {
  const { agentId, sentRegions } = request;
  if (agentId && sentRegions) {
    throw new ServiceError(
      "invalid",
      "A monitor runs from an agent or from regions, not both: send agent_id alone, or regions with agent_id null.",
    );
  }
  if (agentId === undefined) {
    if (sentRegions || !current) return { run_from: "regions", agent_id: null };
    return { run_from: current.run_from, agent_id: current.agent_id };
  }
  if (agentId === null) return { run_from: "regions", agent_id: null };
  if (current?.agent_id === agentId && current.run_from === "agent") {
    // Keeping the agent it has is no new choice: a change of name is never refused for it.
    return { run_from: "agent", agent_id: agentId };
  }
  const agent = await ctx.db
    .selectFrom("agents")
    .select(["id", "name", "key_hash", "version", "capabilities"])
    .where("id", "=", agentId)
    .where("account_id", "=", access.accountId)
    .executeTakeFirst();
  const blocker = agentTaskBlocker({
    planAllowsAgents: planIncludesAgents(access.plan),
    agent: agent
      ? {
          hasKey: agent.key_hash !== null,
          version: agent.version,
          capabilities: readStoredJson<string[]>(agent.capabilities) ?? [],
        }
      : null,
  });
  if (blocker === "plan-without-agents") {
    throw new ServiceError(
      "plan-limit",
      "Your plan does not include agents, so a monitor cannot run from one; Business and Enterprise+ include them.",
    );
  }
  if (!agent || blocker === "deleted") {
    throw new ServiceError(
      "invalid",
      `This account has no agent ${agentId} to run the monitor from.`,
    );
  }
  if (blocker === "revoked") {
    throw new ServiceError(
      "invalid",
      `Agent ${agent.name}'s key was revoked, so it cannot run checks; issue it a new key first.`,
    );
  }
  if (blocker === "not-proxy-capable") {
    throw new ServiceError(
      "invalid",
      `Agent ${agent.name} (version ${agent.version ?? "not yet reported"}) cannot run checks; upgrade it to version ${PROXY_MIN_VERSION} or later.`,
    );
  }
  return { run_from: "agent", agent_id: agent.id };
}
