import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { addClosingStep } from "../../closing-steps.ts";
import { asPluginStore } from "./counting-store.ts";
import { memoryRateLimitStore } from "./memory-store.ts";
import { redisRateLimitStore } from "./redis-store.ts";

export interface RateLimitStoreOptions {
  /** Counters shared through this Redis when set; kept in this process otherwise. */
  redisUrl?: string | undefined;
  /** The setting `redisUrl` came from, named when it is unreachable. */
  redisUrlSetting?: string | undefined;
  /** The start of every Redis key; each test run takes its own. */
  keyPrefix?: string | undefined;
  /** The clock of the in-memory counters. */
  now: () => number;
}

const DEFAULT_KEY_PREFIX = "upwatch:rate-limit:";

/**
 * Registers `@fastify/rate-limit` with the store the configuration selects, for the limiters in
 * this folder to use (`app.createRateLimit`). With Redis the start waits for a connection and
 * fails when there is none. Answers the shared Redis and its key prefix, for other counts
 * (failed sign-ins) to share it.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: RateLimitStoreOptions,
): Promise<{ redis: Redis; keyPrefix: string } | undefined> {
  const keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  const redis = options.redisUrl
    ? await connectRedis(app, options.redisUrl, options.redisUrlSetting ?? "REDIS_URL")
    : undefined;
  const store = redis ? redisRateLimitStore(redis, keyPrefix) : memoryRateLimitStore(options.now);
  await app.register(rateLimit, { global: false, store: asPluginStore(store) });
  return redis ? { redis, keyPrefix } : undefined;
}

async function connectRedis(app: FastifyInstance, url: string, setting: string): Promise<Redis> {
  const log = app.log.child({ part: "rate-limits" });
  // Without an offline queue a request fails at once while Redis is away, and is let through.
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
  });
  let reachable = true;
  redis.on("error", (error: Error) => {
    if (reachable) log.warn({ err: error }, "Redis is unreachable; rate limits are not enforced");
    reachable = false;
  });
  redis.on("ready", () => {
    if (!reachable) log.info("Redis is reachable again; rate limits are enforced");
    reachable = true;
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`the Redis server in ${setting} is unreachable (${reason}).`);
  }
  addClosingStep(app, "the Redis connection", async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}
