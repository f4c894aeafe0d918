import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";

/** A counter's answer: requests counted in the current window, and milliseconds until it ends. */
export interface Count {
  current: number;
  ttl: number;
}

/**
 * A store as `@fastify/rate-limit` calls it: it also passes the window, which its declared
 * store type leaves out. Every limiter names its own keys, so one store serves them all.
 */
export interface CountingStore {
  incr(
    key: string,
    callback: (error: Error | null, count?: Count) => void,
    timeWindow: number,
  ): void;
  child(): CountingStore;
}

/** The store did not answer; the request could not be counted. */
export class RateLimitStoreUnreachableError extends Error {
  constructor(cause: Error) {
    super(`The rate-limit store is unreachable: ${cause.message}`, { cause });
  }
}

/** The store in the shape the plugin's options declare. */
export function asPluginStore(Store: new () => CountingStore): FastifyRateLimitStoreCtor {
  return Store as unknown as FastifyRateLimitStoreCtor;
}
