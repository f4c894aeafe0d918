import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { inject } from "vitest";

/** Where a test app keeps its rate-limit counters. */
export interface TestRateLimitStore {
  name: "memory" | "Redis";
  /** Whether several app instances share the counters. */
  shared: boolean;
  /** The environment that selects this store. */
  env: Record<string, string>;
  /** A fresh key prefix, so runs in parallel never share counters. */
  newKeyPrefix(): string;
  /** Deletes every key this store made under the prefixes it handed out. */
  clean(): Promise<void>;
}

/** The stores the rate-limit suites run on: memory always, Redis when reachable. */
export function testRateLimitStores(): TestRateLimitStore[] {
  const memory: TestRateLimitStore = {
    name: "memory",
    shared: false,
    env: {},
    newKeyPrefix: () => "",
    clean: async () => {},
  };
  const url = inject("redisUrl");
  return url ? [memory, redisStore(url)] : [memory];
}

function redisStore(url: string): TestRateLimitStore {
  const prefixes: string[] = [];
  return {
    name: "Redis",
    shared: true,
    env: { REDIS_URL: url },
    newKeyPrefix() {
      const prefix = `upwatch-test:${randomBytes(6).toString("hex")}:`;
      prefixes.push(prefix);
      return prefix;
    },
    async clean() {
      const redis = new Redis(url);
      try {
        for (const prefix of prefixes.splice(0)) {
          const keys = await redis.keys(`${prefix}*`);
          if (keys.length > 0) await redis.del(...keys);
        }
      } finally {
        redis.disconnect();
      }
    },
  };
}
