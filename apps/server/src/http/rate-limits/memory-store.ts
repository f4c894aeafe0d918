import type { Count, CountingStore } from "./counting-store.ts";

interface Window {
  count: number;
  resetAt: number;
}

const SWEEP_FROM_SIZE = 10_000;

/**
 * Counters kept in this process, on the given clock: a fixed window per key that starts at its
 * first request. Only windows that have ended are ever dropped, so a flood of new keys never
 * resets anybody's count; the sweep runs again only once the map has doubled.
 */
export function memoryRateLimitStore(now: () => number): new () => CountingStore {
  const windows = new Map<string, Window>();
  let sweepAtSize = SWEEP_FROM_SIZE;

  function sweep(at: number) {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
    sweepAtSize = Math.max(SWEEP_FROM_SIZE, windows.size * 2);
  }

  return class MemoryRateLimitStore implements CountingStore {
    incr(
      key: string,
      callback: (error: Error | null, count?: Count) => void,
      timeWindow: number,
    ): void {
      const at = now();
      if (windows.size >= sweepAtSize) sweep(at);
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + timeWindow };
        windows.set(key, window);
      }
      window.count += 1;
      callback(null, { current: window.count, ttl: window.resetAt - at });
    }

    child(): CountingStore {
      return this;
    }
  };
}
