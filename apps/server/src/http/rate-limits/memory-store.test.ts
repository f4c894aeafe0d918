import { describe, expect, it } from "vitest";
import type { Count } from "./counting-store.ts";
import { memoryRateLimitStore } from "./memory-store.ts";

function storeAt(clock: { now: number }) {
  const Store = memoryRateLimitStore(() => clock.now);
  const store = new Store();
  return (key: string, windowMs = 60_000) =>
    new Promise<Count>((resolve, reject) =>
      store.incr(
        key,
        (error, count) => (error || !count ? reject(error) : resolve(count)),
        windowMs,
      ),
    );
}

describe("rate-limit counters in memory", () => {
  it("keeps counting a visitor while tens of thousands of other addresses come and go", async () => {
    const clock = { now: 1_000_000 };
    const count = storeAt(clock);
    expect((await count("contact:127.0.0.1")).current).toBe(1);
    for (let index = 0; index < 30_000; index++) await count(`contact:10.0.${index}`, 1_000);
    clock.now += 2_000;
    for (let index = 0; index < 30_000; index++) await count(`contact:10.1.${index}`, 1_000);
    expect(await count("contact:127.0.0.1")).toEqual({ current: 2, ttl: 58_000 });
  });

  it("starts a visitor's count again when the window has ended", async () => {
    const clock = { now: 1_000_000 };
    const count = storeAt(clock);
    await count("contact:127.0.0.1");
    await count("contact:127.0.0.1");
    clock.now += 60_000;
    expect(await count("contact:127.0.0.1")).toEqual({ current: 1, ttl: 60_000 });
  });
});
