import { getPlan } from "@upwatch/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ServiceError } from "../../services/service-error.ts";
import { accessOf } from "../api-key-auth.ts";
import { countRequest } from "./count-request.ts";

const HOUR_MS = 3_600_000;

/**
 * Counts API requests per account in clock-hour windows against the plan's hourly allowance,
 * in the app's rate-limit store, sets the `X-RateLimit-*` headers on every answer and refuses
 * with 429 once it is spent. Requests of the signed-in app (session, no key) are not counted:
 * the allowance is for API clients; nor are those of a plan without an allowance (self-hosted).
 * Runs after the key is checked.
 */
export function limitApiRequestsByPlan(app: FastifyInstance, now: () => number) {
  const limitOf = (request: FastifyRequest) =>
    getPlan(accessOf(request).plan).limits.apiRequestsPerHour;
  const count = app.createRateLimit({
    allowList: (request) => accessOf(request).apiKeyId === undefined || limitOf(request) === null,
    keyGenerator: (request) => `api:${accessOf(request).accountId}`,
    max: (request) => limitOf(request) ?? Number.MAX_SAFE_INTEGER,
    // A window opened during the hour ends with it, so every window is a clock hour.
    timeWindow: () => HOUR_MS - (now() % HOUR_MS),
  });

  return async function enforce(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const counted = await countRequest(count, request);
    if (!counted) return;
    // Windows end on the hour; rounding keeps the header there despite clock drift with Redis.
    const resetAt = Math.round((now() + counted.ttl) / HOUR_MS) * HOUR_MS;
    reply.header("x-ratelimit-limit", String(counted.max));
    reply.header("x-ratelimit-remaining", String(counted.remaining));
    reply.header("x-ratelimit-reset", String(resetAt / 1000));
    if (!counted.isExceeded) return;
    const seconds = Math.max(1, Math.ceil(counted.ttl / 1000));
    const minutes = Math.ceil(seconds / 60);
    const plan = getPlan(accessOf(request).plan);
    throw new ServiceError(
      "rate-limited",
      `Your ${plan.name} plan allows ${counted.max.toLocaleString("en-US")} API requests an hour. The limit resets in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      { retryAfterSeconds: seconds },
    );
  };
}
