import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextPlannedRun, schedulePhaseMs } from "./check-schedule.ts";

const id = fc.string({ minLength: 1, maxLength: 30 });
const interval = fc.integer({ min: 30, max: 3600 }).map((seconds) => seconds * 1000);
const time = fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 });

describe("the check schedule", () => {
  it("places every monitor inside its interval", () => {
    fc.assert(
      fc.property(id, interval, (monitorId, intervalMs) => {
        const phase = schedulePhaseMs(monitorId, intervalMs);
        expect(phase).toBeGreaterThanOrEqual(0);
        expect(phase).toBeLessThan(intervalMs);
      }),
    );
  });

  it("plans the next run after the given time and within one interval of it", () => {
    fc.assert(
      fc.property(id, interval, time, (monitorId, intervalMs, now) => {
        const next = nextPlannedRun(monitorId, intervalMs, now);
        expect(next).toBeGreaterThan(now);
        expect(next - now).toBeLessThanOrEqual(intervalMs);
      }),
    );
  });

  it("never drifts: the run after a planned run is exactly one interval later", () => {
    fc.assert(
      fc.property(id, interval, time, (monitorId, intervalMs, now) => {
        const planned = nextPlannedRun(monitorId, intervalMs, now);
        expect(nextPlannedRun(monitorId, intervalMs, planned)).toBe(planned + intervalMs);
        expect(nextPlannedRun(monitorId, intervalMs, planned + (1234 % intervalMs))).toBe(
          planned + intervalMs,
        );
      }),
    );
  });

  it("spreads many monitors evenly over a minute", () => {
    const buckets = new Array(60).fill(0);
    for (let index = 0; index < 6000; index++) {
      buckets[Math.floor(schedulePhaseMs(`mon_${index}`, 60_000) / 1000)] += 1;
    }
    expect(Math.min(...buckets)).toBeGreaterThan(60);
    expect(Math.max(...buckets)).toBeLessThan(140);
  });
});
