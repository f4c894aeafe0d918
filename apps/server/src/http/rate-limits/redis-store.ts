import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Redis } from "ioredis";

// One round trip, atomic: count the request, start the window on the first one, and give a
// window without an expiry (a failed PEXPIRE) one, so no counter outlives its window.
const COUNT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** Redis did not answer; the request could not be counted. */
export class RateLimitStoreUnreachableError extends Error {
  constructor(cause: Error) {
    super(`The rate-limit store is unreachable: ${cause.message}`, { cause });
  }
}

/**
 * Counters in Redis under `keyPrefix`, shared by every server process using the same Redis:
 * a fixed window per key that starts at its first request and ends when the key expires.
 */
export function redisRateLimitStore(redis: Redis, keyPrefix: string): FastifyRateLimitStoreCtor {
  class RedisRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      redis.eval(COUNT, 1, `${keyPrefix}${key}`, String(timeWindow)).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl });
        },
        (error: Error) => callback(new RateLimitStoreUnreachableError(error)),
      );
    }

    // Every limiter names its keys itself, so they can all share one prefix.
    child(): RedisRateLimitStore {
      return this;
    }
  }
  // The plugin passes the window as a third argument its store type leaves out.
  return RedisRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
