import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAxisRate } from "./agent-figures.ts";
import { linePath, niceRateTop, niceTop, summarise } from "./chart-geometry.ts";

const BOX = { left: 0, top: 0, width: 100, height: 100 };

describe("the geometry of the agent charts", () => {
  it("rounds the scale's top up to 1, 2 or 5 times a power of ten", () => {
    expect(niceTop(0)).toBe(1);
    expect(niceTop(0.42)).toBe(0.5);
    expect(niceTop(3)).toBe(5);
    expect(niceTop(120_000)).toBe(200_000);
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e12, noNaN: true }), (max) => {
        const top = niceTop(max);
        return top >= max && top <= max * 5.0001;
      }),
    );
  });

  it("scales a network chart so its three marks always read differently, however little it carried", () => {
    const marks = (max: number) => {
      const top = niceRateTop(max);
      return [0, top / 2, top].map(formatAxisRate);
    };
    expect(marks(0)).toEqual(["0 B/s", "512 B/s", "1 KB/s"]);
    expect(marks(3_000)).toEqual(["0 B/s", "2.5 KB/s", "5 KB/s"]);
    expect(marks(700 * 1024)).toEqual(["0 B/s", "512 KB/s", "1 MB/s"]);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e15, noNaN: true }), (max) => {
        const shown = marks(max);
        return niceRateTop(max) >= max && new Set(shown).size === 3;
      }),
    );
  });

  it("draws a line across the box and breaks it where a value is missing", () => {
    const path = linePath(
      [
        { at: 0, value: 0 },
        { at: 50, value: 50 },
        { at: 75, value: null },
        { at: 100, value: 100 },
      ],
      { from: 0, to: 100, top: 100 },
      BOX,
    );
    expect(path).toBe("M0.0,100.0L50.0,50.0M100.0,0.0");
  });

  it("sums up a series without its missing values", () => {
    expect(summarise([null, 10, 30, null])).toEqual({ latest: 30, average: 20, max: 30 });
    expect(summarise([null])).toBeNull();
  });
});
