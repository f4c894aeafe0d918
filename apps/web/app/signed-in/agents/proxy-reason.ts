import {
  agentTaskBlocker,
  compareVersions,
  PROXY_CHECKS_CAPABILITY,
  PROXY_MIN_VERSION,
} from "@upwatch/core";
import type { Agent } from "./agent-types.ts";

/**
 * Why an agent cannot run checks for the server, in a few words ("version 2.0.0: needs 2.1.0
 * or newer"), or null when it can. The server's rule decides; the plan is explained where
 * agents are offered, so only the agent itself is judged here.
 */
export function proxyUnavailableReason(
  agent: Pick<Agent, "version" | "capabilities" | "key">,
): string | null {
  const blocker = agentTaskBlocker({
    planAllowsAgents: true,
    agent: { hasKey: agent.key !== null, version: agent.version, capabilities: agent.capabilities },
  });
  if (blocker === null) return null;
  if (blocker === "revoked") return "its key was revoked";
  if (agent.version === null) return "it has not reported yet";
  if (compareVersions(agent.version, PROXY_MIN_VERSION) < 0) {
    return `version ${agent.version}: needs ${PROXY_MIN_VERSION} or newer`;
  }
  if (!agent.capabilities.includes(PROXY_CHECKS_CAPABILITY)) {
    return `version ${agent.version} does not offer proxy checks`;
  }
  return "it cannot run checks for the server";
}
