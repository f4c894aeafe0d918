import { getPlan } from "@upwatch/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ServiceError } from "../services/service-error.ts";
import { accessOf } from "./api-key-auth.ts";

const HOUR_MS = 3_600_000;

interface Usage {
  windowStart: number;
  count: number;
}

/**
 * Counts API requests per account in clock-hour windows against the plan's hourly allowance,
 * sets the `X-RateLimit-*` headers on every answer and refuses with 429 once it is spent.
 * Counts live in this process; they restart at zero when the server restarts. Requests of the
 * signed-in app (session, no key) are not counted: the allowance is for API clients.
 */
export function limitApiRequestsByPlan(now: () => number = Date.now) {
  const usage = new Map<string, Usage>();
  return async function enforce(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const access = accessOf(request);
    if (access.apiKeyId === undefined) return;
    const at = now();
    const windowStart = Math.floor(at / HOUR_MS) * HOUR_MS;
    let current = usage.get(access.accountId);
    if (!current || current.windowStart !== windowStart) {
      if (usage.size > 50_000) usage.clear();
      current = { windowStart, count: 0 };
      usage.set(access.accountId, current);
    }
    current.count += 1;
    const plan = getPlan(access.plan);
    const limit = plan.limits.apiRequestsPerHour;
    const resetAt = windowStart + HOUR_MS;
    reply.header("x-ratelimit-limit", String(limit));
    reply.header("x-ratelimit-remaining", String(Math.max(0, limit - current.count)));
    reply.header("x-ratelimit-reset", String(Math.ceil(resetAt / 1000)));
    if (current.count <= limit) return;
    const seconds = Math.max(1, Math.ceil((resetAt - at) / 1000));
    reply.header("retry-after", String(seconds));
    const minutes = Math.ceil(seconds / 60);
    throw new ServiceError(
      "rate-limited",
      `Your ${plan.name} plan allows ${limit.toLocaleString("en-US")} API requests an hour. The limit resets in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
  };
}
