import type { RegionLatencyView } from "@upwatch/api";
import { describe, expect, it } from "vitest";
import { hasResponseTimes } from "./region-chart-data.ts";

const point = (avg: number | null) => ({
  t: Date.UTC(2026, 10, 25, 2),
  avg_ms: avg,
  p95_ms: avg,
  uptime_percent: avg === null ? 0 : 100,
  checks: 1,
  missed: 0,
});

describe("whether the region chart has something to draw", () => {
  it("draws a period holding a single check with a response time", () => {
    const series = [{ region: "us-west-1", points: [point(80)] }] as RegionLatencyView["regions"];
    expect(hasResponseTimes(series)).toBe(true);
  });

  it("has nothing to draw when the period's only check failed without a response time", () => {
    const series = [{ region: "us-west-1", points: [point(null)] }] as RegionLatencyView["regions"];
    expect(hasResponseTimes(series)).toBe(false);
    expect(hasResponseTimes([])).toBe(false);
  });
});
