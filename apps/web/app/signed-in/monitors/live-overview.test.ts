import type { CheckView, MonitorOverview } from "@upwatch/api";
import { describe, expect, it } from "vitest";
import { addCheckToBars, applyLiveCheck } from "./live-overview.ts";

const START = Date.parse("2026-11-21T00:00:00.000Z");
const bars = Array.from({ length: 48 }, (_, index) => ({
  start: new Date(START + index * 30 * 60_000).toISOString(),
  up: 4,
  down: 0,
}));

function check(at: number, status: "up" | "down"): CheckView {
  return {
    id: `chk_${at.toString(36)}`,
    checked_at: new Date(at).toISOString(),
    planned_at: new Date(at).toISOString(),
    steps: null,
    status,
    response_time_ms: 120,
    timings: null,
    status_code: status === "up" ? 200 : 503,
    error: null,
    region: "us-west-1",
  };
}

describe("a live check on the monitor list", () => {
  it("counts the check in its own half-hour", () => {
    const at = START + 47 * 30 * 60_000 + 60_000;
    const next = addCheckToBars(bars, check(at, "down"));
    expect(next).toHaveLength(48);
    expect(next[47]).toMatchObject({ up: 4, down: 1 });
  });

  it("slides the day forward when the check starts a new half-hour", () => {
    const at = START + 48 * 30 * 60_000 + 5_000;
    const next = addCheckToBars(bars, check(at, "up"));
    expect(next).toHaveLength(48);
    expect(next[0]?.start).toBe(bars[1]?.start);
    expect(next[47]).toMatchObject({
      start: new Date(START + 48 * 30 * 60_000).toISOString(),
      up: 1,
    });
  });

  it("updates the status, the response time and the day's uptime", () => {
    const overview: MonitorOverview = {
      monitor_id: "mon_1",
      status: "up",
      regions: ["us-west-1"],
      last_checked_at: null,
      last_response_time_ms: null,
      uptime_24h: 100,
      bars,
    };
    const next = applyLiveCheck(overview, check(START + 60_000, "down"), "down");
    expect(next.status).toBe("down");
    expect(next.last_response_time_ms).toBe(120);
    expect(next.uptime_24h).toBeCloseTo((192 / 193) * 100);
  });
});
