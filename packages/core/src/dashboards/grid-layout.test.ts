import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DASHBOARD_COLUMNS } from "./dashboard-limits.ts";
import { inReadingOrder, layoutProblem, moveInOrder, packWidgets } from "./grid-layout.ts";

const sizes = fc.array(
  fc.record({ w: fc.integer({ min: -2, max: 20 }), h: fc.integer({ min: -2, max: 12 }) }),
  { maxLength: 40 },
);

describe("packing widgets on the grid", () => {
  it("places widgets side by side until a row is full, then on the next row", () => {
    expect(
      packWidgets([
        { w: 6, h: 3 },
        { w: 3, h: 2 },
        { w: 6, h: 2 },
      ]),
    ).toEqual([
      { x: 0, y: 0, w: 6, h: 3 },
      { x: 6, y: 0, w: 3, h: 2 },
      { x: 6, y: 2, w: 6, h: 2 },
    ]);
  });

  it("never lets two widgets overlap or leave the grid, whatever sizes are asked for", () => {
    fc.assert(
      fc.property(sizes, (asked) => {
        const places = packWidgets(asked);
        expect(layoutProblem(places)).toBeNull();
        for (const place of places) {
          expect(place.x + place.w).toBeLessThanOrEqual(DASHBOARD_COLUMNS);
          expect(place.w).toBeGreaterThanOrEqual(1);
          expect(place.h).toBeGreaterThanOrEqual(1);
        }
      }),
    );
  });

  it("keeps the chosen order as the reading order", () => {
    fc.assert(
      fc.property(sizes, (asked) => {
        const places = packWidgets(asked);
        expect(inReadingOrder(places)).toEqual(places);
      }),
    );
  });
});

describe("reordering", () => {
  it("moves one widget and keeps the others in their order", () => {
    expect(moveInOrder(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveInOrder(["a", "b", "c"], 2, -5)).toEqual(["c", "a", "b"]);
    expect(moveInOrder(["a", "b", "c"], 1, 9)).toEqual(["a", "c", "b"]);
  });
});

describe("checking a layout", () => {
  it("names the widget that runs past the twelfth column", () => {
    expect(layoutProblem([{ x: 8, y: 0, w: 6, h: 2 }])).toBe(
      "Widget 1 runs past the grid's 12 columns: x plus w must be at most 12.",
    );
  });

  it("names the two widgets that overlap", () => {
    expect(
      layoutProblem([
        { x: 0, y: 0, w: 6, h: 3 },
        { x: 5, y: 2, w: 3, h: 2 },
      ]),
    ).toBe("Widget 2 overlaps widget 1; give each widget cells of its own.");
  });
});
