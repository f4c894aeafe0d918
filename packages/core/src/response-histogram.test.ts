import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  exactPercentile,
  HISTOGRAM_BOUNDS_MS,
  histogramBucket,
  histogramPercentile,
} from "./response-histogram.ts";

function histogramOf(values: number[]): number[] {
  const counts = new Array(HISTOGRAM_BOUNDS_MS.length).fill(0);
  for (const value of values) counts[histogramBucket(value)] += 1;
  return counts;
}

describe("the response-time histogram", () => {
  it("puts each time in the first bucket whose bound holds it", () => {
    expect(histogramBucket(0)).toBe(0);
    expect(histogramBucket(10)).toBe(0);
    expect(histogramBucket(11)).toBe(1);
    expect(histogramBucket(999)).toBe(9);
    expect(histogramBucket(60_000)).toBe(15);
  });

  it("estimates p95 within the bucket that holds the exact p95", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9_999 }), { minLength: 1, maxLength: 300 }),
        (values) => {
          const exact = exactPercentile(values, 0.95)!;
          const estimate = histogramPercentile(histogramOf(values), 0.95)!;
          const bucket = histogramBucket(exact);
          const lower = bucket === 0 ? 0 : HISTOGRAM_BOUNDS_MS[bucket - 1]!;
          expect(estimate).toBeGreaterThanOrEqual(lower);
          expect(estimate).toBeLessThanOrEqual(HISTOGRAM_BOUNDS_MS[bucket]!);
        },
      ),
    );
  });

  it("has no percentile when empty", () => {
    expect(histogramPercentile(new Array(16).fill(0), 0.95)).toBeNull();
    expect(exactPercentile([], 0.95)).toBeNull();
  });

  it("takes the nearest rank for exact percentiles", () => {
    expect(exactPercentile([5, 1, 3, 2, 4], 0.95)).toBe(5);
    expect(
      exactPercentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        0.95,
      ),
    ).toBe(95);
  });
});
