import {
  type AgentTaskBlocker,
  agentStatus,
  agentTaskBlocker,
  isProxyCapable,
  PROXY_MIN_VERSION,
  planIncludesAgents,
} from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { Monitor } from "../../records/monitor-record.ts";
import { readStoredJson } from "../../records/stored-json.ts";

/** What a monitor's answer says of the agent it runs from, as it is now. */
export interface MonitorAgent {
  id: string;
  name: string;
  status: "waiting" | "online" | "offline";
  proxy_capable: boolean;
  /** Why it cannot take the monitor's checks now (`agentTaskBlocker`); null when it can. */
  blocker: AgentTaskBlocker | null;
  offlineSince: number | null;
}

/** The agents these monitors run from, by id, in one query. */
export async function loadMonitorAgents(
  db: Kysely<Database>,
  monitors: readonly Pick<Monitor, "run_from" | "agent_id">[],
  now: number,
): Promise<Map<string, MonitorAgent>> {
  const ids = [
    ...new Set(
      monitors.flatMap((monitor) =>
        monitor.run_from === "agent" && monitor.agent_id ? [monitor.agent_id] : [],
      ),
    ),
  ];
  const agents = new Map<string, MonitorAgent>();
  if (ids.length === 0) return agents;
  const rows = await db
    .selectFrom("agents")
    .innerJoin("accounts", "accounts.id", "agents.account_id")
    .select([
      "agents.id",
      "agents.name",
      "agents.key_hash",
      "agents.version",
      "agents.capabilities",
      "agents.last_report_at",
      "agents.offline_after_minutes",
      "agents.offline_since",
      "accounts.plan",
    ])
    .where("agents.id", "in", ids)
    .execute();
  for (const row of rows) {
    const capabilities = readStoredJson<string[]>(row.capabilities) ?? [];
    agents.set(row.id, {
      id: row.id,
      name: row.name,
      status: agentStatus(row, now),
      proxy_capable: isProxyCapable(row.version, capabilities),
      blocker: agentTaskBlocker({
        planAllowsAgents: planIncludesAgents(row.plan),
        agent: { hasKey: row.key_hash !== null, version: row.version, capabilities },
      }),
      offlineSince: row.offline_since ?? row.last_report_at,
    });
  }
  return agents;
}

/**
 * Why an agent-run monitor's checks are missed or time out now, as a sentence; null when its
 * agent can run them (or it runs from regions).
 */
export function runnerProblem(
  monitor: Pick<Monitor, "run_from" | "agent_id">,
  agent: MonitorAgent | undefined,
): string | null {
  if (monitor.run_from !== "agent") return null;
  if (!monitor.agent_id || !agent || agent.blocker === "deleted") {
    return "The agent this monitor ran from was deleted, so its checks are missed; choose another agent or regions.";
  }
  switch (agent.blocker) {
    case "plan-without-agents":
      return "Your plan no longer includes agents, so this monitor's checks are missed until the plan includes them again or the monitor runs from regions.";
    case "revoked":
      return `Agent ${agent.name}'s key was revoked, so this monitor's checks are missed until the agent has a new key or the monitor runs from elsewhere.`;
    case "not-proxy-capable":
      return `Agent ${agent.name} cannot run checks (it needs version ${PROXY_MIN_VERSION} or later), so this monitor's checks are missed.`;
  }
  if (agent.status === "offline") {
    const since =
      agent.offlineSince === null ? "" : ` since ${new Date(agent.offlineSince).toISOString()}`;
    return `Agent ${agent.name} has been offline${since}, so its tasks time out and count as failed checks.`;
  }
  return null;
}
