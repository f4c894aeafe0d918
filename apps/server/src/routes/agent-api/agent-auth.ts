import type { FastifyInstance, FastifyRequest } from "fastify";
import { rateLimitByAddress } from "../../http/rate-limits/limit-by-address.ts";
import { AGENT_GONE, agentsNotInPlan } from "../../services/agent-reports/store-agent-report.ts";
import {
  type AgentKeyReader,
  type AuthenticatedAgent,
  authenticateAgent,
} from "../../services/agents/authenticate-agent.ts";
import type { ServiceContext } from "../../services/context.ts";
import { ServiceError } from "../../services/service-error.ts";

/** Requests without a valid agent key one client address may make in ten minutes. */
export const AGENT_KEY_FAILURES_PER_10_MINUTES = 60;

/**
 * Refuses a request without the valid key of an agent (401) or from an account whose plan has no
 * agents (403); remembers the agent in `request.agent`. Refused keys are counted per client
 * address: past the limit they are answered 429 with Retry-After.
 */
export function requireAgentKey(app: FastifyInstance, ctx: ServiceContext, keys: AgentKeyReader) {
  const countFailure = rateLimitByAddress(app, {
    name: "agent-key-failures",
    limit: AGENT_KEY_FAILURES_PER_10_MINUTES,
    windowMs: 600_000,
    message: (wait) =>
      `Too many requests with an agent key that is not valid came from your address; check api_key in agent.yaml, then try again in ${wait}.`,
  });
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) {
      await countFailure(request);
      throw new ServiceError(
        "unauthenticated",
        "Send the agent's key in the header Authorization: Bearer uwa_... (api_key in agent.yaml).",
      );
    }
    const result = await authenticateAgent(ctx, match[1]!, keys);
    if (result.agent) {
      request.agent = result.agent;
      return;
    }
    if (result.refusal === "plan-without-agents" && result.plan) {
      throw new ServiceError("plan-limit", agentsNotInPlan(result.plan));
    }
    await countFailure(request);
    throw new ServiceError("unauthenticated", AGENT_GONE);
  };
}

/** The agent of an authenticated agent request. */
export function agentOf(request: FastifyRequest): AuthenticatedAgent {
  if (!request.agent) throw new Error("The agent request was not authenticated.");
  return request.agent;
}

declare module "fastify" {
  interface FastifyRequest {
    agent?: AuthenticatedAgent;
  }
}
