import type { FastifyInstance, FastifyRequest } from "fastify";
import { ServiceError } from "../../services/service-error.ts";
import { countRequest } from "./count-request.ts";

export interface RateLimitOptions {
  /** Names this limit's counters, apart from every other limit's. */
  name: string;
  /** Requests allowed per client address and window; 0 switches the limit off. */
  limit: number;
  windowMs: number;
  /** The 429's sentence, given the wait in words ("3 minutes"). */
  message?: (wait: string) => string;
  /** What is counted instead of the client address, such as a ping URL's token hash. */
  keyOf?: (request: FastifyRequest) => string;
}

const TOO_MANY_SUBMISSIONS = (wait: string) =>
  `Too many submissions from your address. Please try again in ${wait}.`;

const allowEverything = async () => {};

/**
 * A fixed-window counter per client address (the address `TRUST_PROXY` lets through, or what
 * `keyOf` names), in the app's rate-limit store, answering 429 with Retry-After when exceeded.
 */
export function rateLimitByAddress(app: FastifyInstance, options: RateLimitOptions) {
  if (options.limit === 0) return allowEverything;
  const count = app.createRateLimit({
    max: options.limit,
    timeWindow: options.windowMs,
    keyGenerator: (request) => `${options.name}:${options.keyOf?.(request) ?? request.ip}`,
  });
  const message = options.message ?? TOO_MANY_SUBMISSIONS;

  return async function enforceRateLimit(request: FastifyRequest): Promise<void> {
    const counted = await countRequest(count, request);
    if (!counted?.isExceeded) return;
    const seconds = Math.max(1, Math.ceil(counted.ttl / 1000));
    throw new ServiceError("rate-limited", message(waitInWords(seconds)), {
      retryAfterSeconds: seconds,
    });
  };
}

function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
