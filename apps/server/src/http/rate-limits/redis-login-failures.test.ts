import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { testRateLimitStores } from "../../../test/rate-limit-stores.ts";
import { TooManySignInAttemptsError } from "../../services/auth/auth-errors.ts";
import { LoginThrottle, memoryLoginFailures } from "../../services/auth/login-throttle.ts";
import { redisLoginFailures } from "./redis-login-failures.ts";

const quiet = { warn: () => {} };
const LIMITS = { perEmail: 3, perAddress: 5, windowMs: 60_000 };
const shared = testRateLimitStores().find((store) => store.shared);

async function refused(throttle: LoginThrottle, email: string, address: string) {
  return throttle.check(email, address).then(
    () => false,
    (error: unknown) => {
      if (error instanceof TooManySignInAttemptsError) return true;
      throw error;
    },
  );
}

if (shared) {
  describe("failed sign-ins counted in Redis", () => {
    const redis = new Redis(shared.env.REDIS_URL!);
    afterAll(async () => {
      await shared.clean();
      redis.disconnect();
    });

    /** A server process's throttle on the shared Redis. */
    const server = (keyPrefix: string) =>
      new LoginThrottle(
        Date.now,
        LIMITS,
        redisLoginFailures(redis, keyPrefix, memoryLoginFailures(Date.now), quiet),
      );

    it("refuses a guesser on every server once the failures on all of them reach the limit", async () => {
      const prefix = shared.newKeyPrefix();
      const [first, second] = [server(prefix), server(prefix)];
      await first.recordFailure("ada@example.com", "203.0.113.7");
      await second.recordFailure("ada@example.com", "203.0.113.7");
      expect(await refused(first, "ada@example.com", "203.0.113.8")).toBe(false);
      await first.recordFailure("ada@example.com", "203.0.113.7");
      expect(await refused(second, "ada@example.com", "203.0.113.8")).toBe(true);
      expect(await refused(first, "grace@example.com", "203.0.113.8")).toBe(false);
    });

    it("lets the owner in on every server after a correct password on one", async () => {
      const prefix = shared.newKeyPrefix();
      const [first, second] = [server(prefix), server(prefix)];
      for (let i = 0; i < 3; i++) await first.recordFailure("ada@example.com", "203.0.113.7");
      expect(await refused(second, "ada@example.com", "198.51.100.1")).toBe(true);
      await first.recordSuccess("ada@example.com");
      expect(await refused(second, "ada@example.com", "198.51.100.1")).toBe(false);
    });

    it("counts an attempt on every server before it is checked, and gives a right one back to the client", async () => {
      const prefix = shared.newKeyPrefix();
      const [first, second] = [server(prefix), server(prefix)];
      for (let i = 0; i < 5; i++) {
        await first.claim(`person${i}@example.com`, "203.0.113.9");
        await second.recordClaimedSuccess(`person${i}@example.com`, "203.0.113.9");
      }
      expect(await refused(second, "grace@example.com", "203.0.113.9")).toBe(false);
      for (let i = 0; i < 3; i++) await first.claim("ada@example.com", `198.51.100.${i}`);
      await expect(second.claim("ada@example.com", "198.51.100.9")).rejects.toBeInstanceOf(
        TooManySignInAttemptsError,
      );
    });

    it("never writes an e-mail address into Redis", async () => {
      const prefix = shared.newKeyPrefix();
      await server(prefix).recordFailure("ada@example.com", "203.0.113.7");
      const keys = await redis.keys(`${prefix}*`);
      expect(keys).toHaveLength(2);
      expect(keys.join(" ")).not.toMatch(/ada|example|203\.0/);
    });
  });
}

describe("failed sign-ins while Redis is unreachable", () => {
  it("still refuses a guesser, counting in the process", async () => {
    const away = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    away.on("error", () => {});
    const throttle = new LoginThrottle(
      Date.now,
      LIMITS,
      redisLoginFailures(away, "upwatch-test:", memoryLoginFailures(Date.now), quiet),
    );
    for (let i = 0; i < 3; i++) await throttle.recordFailure("ada@example.com", "203.0.113.7");
    expect(await refused(throttle, "ada@example.com", "203.0.113.8")).toBe(true);
    away.disconnect();
  });
});
