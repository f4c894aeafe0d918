import { AGENT_POLL_SECONDS, AGENT_TASK_LIMITS } from "@upwatch/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { countRequest } from "../../http/rate-limits/count-request.ts";
import { ServiceError } from "../../services/service-error.ts";
import { agentOf } from "./agent-auth.ts";

/** Requests an agent may make a minute: its reports and polls take 3, buffered catch-up more. */
export const AGENT_REQUESTS_PER_MINUTE = 30;

/**
 * Calls about tasks (started, result) an agent may make a minute: two per task for the most
 * tasks polls can hand out in a minute, twice over for retries.
 */
export const AGENT_TASK_CALLS_PER_MINUTE =
  2 * 2 * AGENT_TASK_LIMITS.perPoll * (60 / AGENT_POLL_SECONDS);

/**
 * Counts an authenticated agent's requests per minute and answers 429 with Retry-After past the
 * limit. Calls about tasks have their own allowance: their number follows the tasks handed out.
 */
export function limitAgentRequests(app: FastifyInstance) {
  const general = app.createRateLimit({
    max: AGENT_REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `agent:${agentOf(request).id}`,
  });
  const taskCalls = app.createRateLimit({
    max: AGENT_TASK_CALLS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `agent-tasks:${agentOf(request).id}`,
  });
  return async function enforce(request: FastifyRequest): Promise<void> {
    const aboutTask = request.routeOptions.url?.includes("/tasks/:id/") === true;
    const counted = await countRequest(aboutTask ? taskCalls : general, request);
    if (!counted?.isExceeded) return;
    const seconds = Math.max(1, Math.ceil(counted.ttl / 1000));
    const max = aboutTask ? AGENT_TASK_CALLS_PER_MINUTE : AGENT_REQUESTS_PER_MINUTE;
    const what = aboutTask ? "calls about tasks" : "requests";
    throw new ServiceError(
      "rate-limited",
      `This agent sent more than ${max} ${what} in a minute; it may send again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
      { retryAfterSeconds: seconds },
    );
  };
}
