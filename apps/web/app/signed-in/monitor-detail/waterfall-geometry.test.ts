import { describe, expect, it } from "vitest";
import { runLengthMs, waterfallBars } from "./waterfall-geometry.ts";

describe("the run waterfall", () => {
  it("places each step's bar by when it started and how long it took within the whole run", () => {
    const steps = [
      { startedMs: 0, durationMs: 100 },
      { startedMs: 100, durationMs: 0 },
      { startedMs: 100, durationMs: 300 },
    ];
    expect(runLengthMs(steps)).toBe(400);
    expect(waterfallBars(steps)).toEqual([
      { leftPercent: 0, widthPercent: 25 },
      { leftPercent: 25, widthPercent: 0.5 },
      { leftPercent: 25, widthPercent: 75 },
    ]);
  });

  it("still draws a thin bar at the start for every step of a run that took no time, such as one skipped entirely", () => {
    expect(
      waterfallBars([
        { startedMs: 0, durationMs: 0 },
        { startedMs: 0, durationMs: 0 },
      ]),
    ).toEqual([
      { leftPercent: 0, widthPercent: 0.5 },
      { leftPercent: 0, widthPercent: 0.5 },
    ]);
  });

  it("keeps an instant last step's bar inside the time line", () => {
    const [, last] = waterfallBars([
      { startedMs: 0, durationMs: 200 },
      { startedMs: 200, durationMs: 0 },
    ]);
    expect(last).toEqual({ leftPercent: 99.5, widthPercent: 0.5 });
  });
});
