import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { inject } from "vitest";

/** The Redis the broker suites run on; they need a real one and say so when it is away. */
export function testRedisUrl(): string {
  const url = inject("redisUrl");
  if (!url) {
    throw new Error(
      "The broker is tested against a real Redis, and none answers: start Redis on 127.0.0.1:6379 or set TEST_REDIS_URL.",
    );
  }
  return url;
}

/** A fresh key prefix for one test, and a way to delete every key made under it. */
export function testPrefix(url: string): { prefix: string; clean(): Promise<void> } {
  const prefix = `upwatch-test:${randomBytes(6).toString("hex")}:`;
  return {
    prefix,
    async clean() {
      const redis = new Redis(url);
      try {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    },
  };
}

/** Resolves once `condition` holds, checking every 20 ms; fails after `withinMs`. */
export async function eventually<T>(
  condition: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  withinMs = 10_000,
): Promise<T> {
  const until = Date.now() + withinMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Still waiting for ${what}.`);
    await new Promise((done) => setTimeout(done, 20));
  }
}
