import { describe, expect, it } from "vitest";
import { applyCheckResult, type MonitorHealth, UNKNOWN_HEALTH } from "./monitor-health.ts";

function run(results: boolean[], rules = { failureThreshold: 3, recoveryConfirmations: 1 }) {
  let health: MonitorHealth = UNKNOWN_HEALTH;
  const transitions: (string | null)[] = [];
  for (const ok of results) {
    const next = applyCheckResult(health, ok, rules);
    health = next.health;
    transitions.push(next.transition);
  }
  return { health, transitions };
}

describe("a monitor's health", () => {
  it("goes down on the third failure in a row, not before", () => {
    expect(run([false, false, false]).transitions).toEqual([null, null, "went-down"]);
    expect(run([false, false, true, false, false]).health.status).toBe("up");
  });

  it("goes down only once however long the outage lasts", () => {
    expect(run([false, false, false, false, false]).transitions.filter(Boolean)).toEqual([
      "went-down",
    ]);
  });

  it("recovers on the first success by default and after N successes when configured", () => {
    expect(run([false, false, false, true]).transitions.at(-1)).toBe("recovered");
    const strict = { failureThreshold: 3, recoveryConfirmations: 2 };
    expect(run([false, false, false, true], strict).health.status).toBe("down");
    expect(run([false, false, false, true, true], strict).transitions.at(-1)).toBe("recovered");
    expect(run([false, false, false, true, false, true, true], strict).transitions.at(-1)).toBe(
      "recovered",
    );
  });

  it("counts a first success as up without announcing a recovery", () => {
    expect(run([true])).toEqual({
      health: { status: "up", consecutiveFailures: 0, consecutiveSuccesses: 1 },
      transitions: [null],
    });
  });
});
