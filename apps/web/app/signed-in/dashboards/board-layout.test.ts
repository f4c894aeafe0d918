import { describe, expect, it } from "vitest";
import { moveWidget, resizeWidget } from "./board-layout.ts";

const widgets = [
  { key: "a", w: 6, h: 3 },
  { key: "b", w: 3, h: 2 },
  { key: "c", w: 6, h: 2 },
];

describe("arranging a board with the keyboard", () => {
  it("moves a widget one place later and says where it now sits", () => {
    const moved = moveWidget(widgets, 0, 1, "Status grid");
    expect(moved?.widgets.map((widget) => widget.key)).toEqual(["b", "a", "c"]);
    expect(moved?.said).toBe("Status grid moved to position 2 of 3: row 1, column 4.");
  });

  it("does nothing past either end of the board", () => {
    expect(moveWidget(widgets, 0, -1, "Status grid")).toBeNull();
    expect(moveWidget(widgets, 2, 1, "Alerts")).toBeNull();
  });

  it("resizes within the grid and says the new size", () => {
    const wider = resizeWidget(widgets, 1, { w: 1 }, "Uptime");
    expect(wider?.widgets[1]).toEqual({ key: "b", w: 4, h: 2 });
    expect(wider?.said).toBe("Uptime is 4 of 12 columns wide and 2 of 8 rows tall.");
    expect(resizeWidget([{ key: "x", w: 12, h: 8 }], 0, { w: 1 }, "Big")).toBeNull();
    expect(resizeWidget([{ key: "x", w: 1, h: 1 }], 0, { h: -1 }, "Small")).toBeNull();
  });
});
