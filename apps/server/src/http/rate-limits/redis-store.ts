import type { Redis } from "ioredis";
import {
  type Count,
  type CountingStore,
  RateLimitStoreUnreachableError,
} from "./counting-store.ts";

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

/**
 * Counters in Redis under `keyPrefix`, shared by every server process using the same Redis:
 * a fixed window per key that starts at its first request and ends when the key expires.
 */
export function redisRateLimitStore(redis: Redis, keyPrefix: string): new () => CountingStore {
  return class RedisRateLimitStore implements CountingStore {
    incr(
      key: string,
      callback: (error: Error | null, count?: Count) => void,
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

    child(): CountingStore {
      return this;
    }
  };
}
