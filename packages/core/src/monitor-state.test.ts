import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyCheckStatus, type MonitorHealth } from "./monitor-state.ts";

describe("the monitor state", () => {
  it("turns down only after the failure threshold of consecutive failures", () => {
    let health: MonitorHealth = { state: "up", consecutiveFailures: 0 };
    health = applyCheckStatus(health, "down", 3);
    health = applyCheckStatus(health, "down", 3);
    expect(health).toEqual({ state: "up", consecutiveFailures: 2 });
    health = applyCheckStatus(health, "down", 3);
    expect(health).toEqual({ state: "down", consecutiveFailures: 3 });
  });

  it("recovers on the first success and resets the failure count", () => {
    const health = applyCheckStatus({ state: "down", consecutiveFailures: 7 }, "up", 3);
    expect(health).toEqual({ state: "up", consecutiveFailures: 0 });
  });

  it("is down exactly when the last threshold checks all failed", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 10 }),
        (results, threshold) => {
          let health: MonitorHealth = { state: "pending", consecutiveFailures: 0 };
          for (const up of results)
            health = applyCheckStatus(health, up ? "up" : "down", threshold);
          const tail = results.slice(-threshold);
          const allFailed = tail.length === threshold && tail.every((up) => !up);
          const everDown = results.some((_, index) => {
            const window = results.slice(Math.max(0, index - threshold + 1), index + 1);
            return window.length === threshold && window.every((up) => !up);
          });
          if (allFailed) expect(health.state).toBe("down");
          if (results.at(-1)) expect(health.state).toBe("up");
          if (!everDown && !results.includes(true)) expect(health.state).toBe("pending");
        },
      ),
    );
  });
});
