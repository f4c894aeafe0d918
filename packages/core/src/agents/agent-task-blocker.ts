import { getPlan, PLAN_IDS, type PlanId } from "../plans.ts";
import { isProxyCapable } from "./agent-settings.ts";

/** Why an agent cannot be given a monitor's checks now. */
export type AgentTaskBlocker = "plan-without-agents" | "deleted" | "revoked" | "not-proxy-capable";

/** What decides whether an agent can take a monitor's checks. */
export interface AgentTaskFacts {
  /** Whether the account's plan includes agents (`planIncludesAgents`). */
  planAllowsAgents: boolean;
  /** The agent as stored now; null once it was deleted. */
  agent: {
    /** False once its key was revoked (a new key gives it one again). */
    hasKey: boolean;
    version: string | null;
    capabilities: readonly string[];
  } | null;
}

/**
 * The one rule for whether an agent can take a monitor's checks: null when it can, otherwise
 * why not. The plan comes first (nothing about the agent helps while the plan has no agents),
 * then the agent's existence, its key and its version.
 */
export function agentTaskBlocker(facts: AgentTaskFacts): AgentTaskBlocker | null {
  if (!facts.planAllowsAgents) return "plan-without-agents";
  const { agent } = facts;
  if (!agent) return "deleted";
  if (!agent.hasKey) return "revoked";
  if (!isProxyCapable(agent.version, agent.capabilities)) return "not-proxy-capable";
  return null;
}

/** Whether an account on this plan may have agents; a plan id not known has none. */
export function planIncludesAgents(plan: string): boolean {
  if (!(PLAN_IDS as readonly string[]).includes(plan)) return false;
  return getPlan(plan as PlanId).limits.agents !== 0;
}
