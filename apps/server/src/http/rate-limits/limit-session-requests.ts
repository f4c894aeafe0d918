import type { FastifyInstance, FastifyRequest } from "fastify";
import { ServiceError } from "../../services/service-error.ts";
import { accessOf } from "../api-key-auth.ts";
import { countRequest } from "./count-request.ts";

const MINUTE_MS = 60_000;

const allowEverything = async () => {};

/**
 * Counts the signed-in app's API requests (a session, no key) per account in one-minute
 * windows, in the app's rate-limit store, and refuses with 429 past `perMinute` (0: off).
 * The allowance is far above what people clicking through the app send, so only a script
 * driving a session meets it. API-key requests are left to the plan's hourly allowance, and
 * the live update stream is left out: it is capped by open connections, and a reconnecting
 * tab must not lose its updates to a script.
 */
export function limitSessionRequests(app: FastifyInstance, perMinute: number, streamUrl: string) {
  if (perMinute === 0) return allowEverything;
  const count = app.createRateLimit({
    allowList: (request) =>
      accessOf(request).apiKeyId !== undefined || request.routeOptions.url === streamUrl,
    keyGenerator: (request) => `app:${accessOf(request).accountId}`,
    max: perMinute,
    timeWindow: MINUTE_MS,
  });

  return async function enforce(request: FastifyRequest): Promise<void> {
    const counted = await countRequest(count, request);
    if (!counted?.isExceeded) return;
    const seconds = Math.max(1, Math.ceil(counted.ttl / 1000));
    throw new ServiceError(
      "rate-limited",
      `Your account has sent more than ${perMinute.toLocaleString("en-US")} requests from the app in a minute. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`,
      { retryAfterSeconds: seconds },
    );
  };
}
