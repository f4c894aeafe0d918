import { describe, expect, it } from "vitest";
import { stateToSuggest } from "./state-display.ts";

describe("stateToSuggest", () => {
  it("offers the monitors' suggestion for a component people set by hand", () => {
    expect(
      stateToSuggest({
        state: "operational",
        suggested_state: "degraded_performance",
        follow_monitors: false,
      }),
    ).toBe("degraded_performance");
  });

  it("offers nothing when the component already shows the suggested state", () => {
    expect(
      stateToSuggest({
        state: "major_outage",
        suggested_state: "major_outage",
        follow_monitors: false,
      }),
    ).toBeNull();
  });

  it("offers nothing for a component that follows its monitors, whose rule sets its state", () => {
    expect(
      stateToSuggest({
        state: "major_outage",
        suggested_state: "degraded_performance",
        follow_monitors: true,
      }),
    ).toBeNull();
  });
});
