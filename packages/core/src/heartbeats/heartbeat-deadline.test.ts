import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyExcerpt } from "./body-excerpt.ts";
import {
  describeDuration,
  heartbeatDueAt,
  heartbeatPingOutcome,
  lateHeartbeatOutcome,
  nextMissedDeadline,
} from "./heartbeat-deadline.ts";

const options = { period_seconds: 3600, grace_seconds: 300 };

describe("heartbeat deadlines", () => {
  it("are due one period and the grace time after the last ping", () => {
    expect(heartbeatDueAt(1_000, options)).toBe(1_000 + 3_900_000);
  });

  it("move on by whole periods past now after a miss, so each missed period counts once", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 60, max: 2_592_000 }),
        (dueAt, late, period) => {
          const settings = { period_seconds: period, grace_seconds: 0 };
          const next = nextMissedDeadline(dueAt, dueAt + late, settings);
          expect(next).toBeGreaterThan(dueAt + late);
          expect((next - dueAt) % (period * 1000)).toBe(0);
          expect(next - (dueAt + late)).toBeLessThanOrEqual(period * 1000);
        },
      ),
    );
  });

  it("count a success as up, with the run time when the job said it started", () => {
    const started = { lastSignal: "start" as const, lastStartedAt: 10_000 };
    expect(heartbeatPingOutcome("success", started, 70_000)).toMatchObject({
      status: "up",
      responseTimeMs: 60_000,
    });
    const unstarted = { lastSignal: "success" as const, lastStartedAt: 10_000 };
    expect(heartbeatPingOutcome("success", unstarted, 70_000)?.responseTimeMs).toBeNull();
  });

  it("count a fail signal as down and a start signal as no check", () => {
    const pings = { lastSignal: null, lastStartedAt: null };
    expect(heartbeatPingOutcome("fail", pings, 1)).toMatchObject({
      status: "down",
      error: "The job reported a failure.",
    });
    expect(heartbeatPingOutcome("start", pings, 1)).toBeNull();
  });

  it("say how late a job is in words", () => {
    expect(lateHeartbeatOutcome({ period_seconds: 300, grace_seconds: 30 }).error).toBe(
      "No ping arrived within 5 minutes and 30 seconds of grace.",
    );
    expect(lateHeartbeatOutcome({ period_seconds: 86_400, grace_seconds: 0 }).error).toBe(
      "No ping arrived within 1 day.",
    );
    expect(describeDuration(3_661)).toBe("1 hour, 1 minute and 1 second");
  });
});

describe("a ping's body excerpt", () => {
  it("keeps at most 1 KiB, never cutting a character in two", () => {
    const body = new TextEncoder().encode(`${"a".repeat(1023)}é and more`);
    expect(bodyExcerpt(body)).toBe("a".repeat(1023));
  });

  it("stores binary bytes escaped, and nothing for an empty body", () => {
    expect(bodyExcerpt(new Uint8Array([0x6f, 0x6b, 0x00, 0x1b, 0x0a]))).toBe("ok\\x00\\x1b\n");
    expect(bodyExcerpt(new Uint8Array([0xff]))).toBe("\\ufffd");
    expect(bodyExcerpt(new Uint8Array())).toBeNull();
  });
});
