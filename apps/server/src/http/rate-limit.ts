import type { FastifyReply, FastifyRequest } from "fastify";
import { ServiceError } from "../services/service-error.ts";

export interface RateLimitOptions {
  /** Requests allowed per key and window; 0 switches the limit off. */
  limit: number;
  windowMs: number;
  now?: () => number;
  /** The 429's sentence, given the wait in words ("3 minutes"). */
  message?: (wait: string) => string;
}

const TOO_MANY_SUBMISSIONS = (wait: string) =>
  `Too many submissions from your address. Please try again in ${wait}.`;

interface Window {
  count: number;
  resetAt: number;
}

const SWEEP_AT_SIZE = 10_000;

/** A fixed-window counter per client address, answering 429 with Retry-After when exceeded. */
export function rateLimitByAddress(options: RateLimitOptions) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();

  function sweep(at: number) {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  }

  return async function enforceRateLimit(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    if (options.limit === 0) return;
    const at = now();
    if (windows.size >= SWEEP_AT_SIZE) sweep(at);
    let window = windows.get(request.ip);
    if (!window || window.resetAt <= at) {
      window = { count: 0, resetAt: at + options.windowMs };
      windows.set(request.ip, window);
    }
    window.count += 1;
    if (window.count <= options.limit) return;
    const seconds = Math.max(1, Math.ceil((window.resetAt - at) / 1000));
    reply.header("retry-after", String(seconds));
    throw new ServiceError(
      "rate-limited",
      (options.message ?? TOO_MANY_SUBMISSIONS)(waitInWords(seconds)),
    );
  };
}

function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
