import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import type { FailureWindow, LoginFailureCounts } from "../../services/auth/login-throttle.ts";

interface Log {
  warn(object: object, message: string): void;
}

// Counts a failure and starts the window on the first one, in one round trip.
const ADD = `
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[1]) end
end
return 0`;

// Takes back one failure, never below zero, keeping the window's expiry.
const TAKE_BACK = `
local left = tonumber(redis.call('GET', KEYS[1]) or '0')
if left > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Failed sign-ins counted in Redis under `keyPrefix`, shared by every server process using it.
 * Keys carry a SHA-256 of the e-mail or address, never the address itself. While Redis does not
 * answer, the counts of `fallback` (this process) are used, so sign-ins stay throttled.
 */
export function redisLoginFailures(
  redis: Redis,
  keyPrefix: string,
  fallback: LoginFailureCounts,
  log: Log,
): LoginFailureCounts {
  const keyOf = (key: string) =>
    `${keyPrefix}login:${createHash("sha256").update(key).digest("hex")}`;
  async function orFallback<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    try {
      return await shared();
    } catch (error) {
      log.warn({ err: error }, "sign-in failures counted in this process: Redis is unreachable");
      return local();
    }
  }
  return {
    read: (keys) =>
      orFallback(
        async () => {
          const pipeline = redis.pipeline();
          for (const key of keys) pipeline.get(keyOf(key)).pttl(keyOf(key));
          const answers = (await pipeline.exec()) ?? [];
          const failed = answers.find(([error]) => error);
          if (failed?.[0]) throw failed[0];
          return keys.map((_, index): FailureWindow | undefined => {
            const failures = Number(answers[index * 2]?.[1] ?? 0);
            const endsInMs = Number(answers[index * 2 + 1]?.[1] ?? -2);
            return failures > 0 && endsInMs > 0 ? { failures, endsInMs } : undefined;
          });
        },
        () => fallback.read(keys),
      ),
    add: async (keys, windowMs) => {
      await fallback.add(keys, windowMs);
      await orFallback(
        async () => {
          await redis.eval(ADD, keys.length, ...keys.map(keyOf), String(windowMs));
        },
        async () => {},
      );
    },
    clear: async (key) => {
      await fallback.clear(key);
      await orFallback(
        async () => {
          await redis.del(keyOf(key));
        },
        async () => {},
      );
    },
    takeBack: async (key) => {
      await fallback.takeBack(key);
      await orFallback(
        async () => {
          await redis.eval(TAKE_BACK, 1, keyOf(key));
        },
        async () => {},
      );
    },
  };
}
