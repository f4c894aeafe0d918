import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clipTo, lengthOf, subtract, unionOf } from "./intervals.ts";

const interval = fc
  .tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 200 }))
  .map(([start, length]) => ({ start, end: start + length }));

describe("time intervals", () => {
  it("merges overlapping and touching intervals into one", () => {
    expect(
      unionOf([
        { start: 10, end: 20 },
        { start: 0, end: 5 },
        { start: 20, end: 30 },
        { start: 25, end: 26 },
      ]),
    ).toEqual([
      { start: 0, end: 5 },
      { start: 10, end: 30 },
    ]);
  });

  it("cuts maintenance out of an outage, leaving the parts before and after", () => {
    expect(subtract([{ start: 0, end: 100 }], [{ start: 40, end: 60 }])).toEqual([
      { start: 0, end: 40 },
      { start: 60, end: 100 },
    ]);
  });

  it("keeps only the part of an outage inside the period", () => {
    expect(clipTo([{ start: -50, end: 10 }], { start: 0, end: 100 })).toEqual([
      { start: 0, end: 10 },
    ]);
  });

  it("never counts more time after removing some, and the removed and the kept add up", () => {
    fc.assert(
      fc.property(fc.array(interval), fc.array(interval), (from, remove) => {
        const kept = lengthOf(subtract(from, remove));
        const removed = lengthOf(from) - kept;
        expect(kept).toBeLessThanOrEqual(lengthOf(from));
        expect(removed).toBe(lengthOf(subtract(from, subtract(from, remove))));
      }),
    );
  });
});
