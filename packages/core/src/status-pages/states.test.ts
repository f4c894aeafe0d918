import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COMPONENT_STATES,
  followedState,
  type MaintenanceWindow,
  nextWindowBoundary,
  shownComponentState,
  suggestedState,
  worstState,
} from "./states.ts";

const HOUR = 3_600_000;
const window = (overrides: Partial<MaintenanceWindow> = {}): MaintenanceWindow => ({
  startsAt: 10 * HOUR,
  endsAt: 12 * HOUR,
  cancelled: false,
  componentIds: ["api"],
  ...overrides,
});

describe("a status page's states", () => {
  it("headline the worst component state, a single Major Outage showing at the top", () => {
    expect(worstState([])).toBe("operational");
    expect(worstState(["operational", "maintenance"])).toBe("maintenance");
    expect(worstState(["maintenance", "degraded_performance"])).toBe("degraded_performance");
    expect(worstState(["operational", "major_outage", "degraded_performance"])).toBe(
      "major_outage",
    );
  });

  it("never headline a state better than any component's", () => {
    const state = fc.constantFrom(...COMPONENT_STATES);
    fc.assert(
      fc.property(fc.array(state), (states) => {
        const worst = COMPONENT_STATES.indexOf(worstState(states));
        return states.every((s) => COMPONENT_STATES.indexOf(s) <= worst);
      }),
    );
  });

  it("show Maintenance only from a window's start until its end, and only for its components", () => {
    const windows = [window()];
    expect(shownComponentState("api", "operational", windows, 10 * HOUR - 1)).toBe("operational");
    expect(shownComponentState("api", "operational", windows, 10 * HOUR)).toBe("maintenance");
    expect(shownComponentState("api", "operational", windows, 12 * HOUR - 1)).toBe("maintenance");
    expect(shownComponentState("api", "operational", windows, 12 * HOUR)).toBe("operational");
    expect(shownComponentState("web", "operational", windows, 11 * HOUR)).toBe("operational");
  });

  it("keep an outage visible during maintenance, and ignore cancelled windows", () => {
    expect(shownComponentState("api", "major_outage", [window()], 11 * HOUR)).toBe("major_outage");
    expect(
      shownComponentState("api", "operational", [window({ cancelled: true })], 11 * HOUR),
    ).toBe("operational");
  });

  it("know when the shown states next change by themselves", () => {
    const windows = [window(), window({ startsAt: 11 * HOUR, endsAt: 20 * HOUR })];
    expect(nextWindowBoundary(windows, 0)).toBe(10 * HOUR);
    expect(nextWindowBoundary(windows, 10 * HOUR)).toBe(11 * HOUR);
    expect(nextWindowBoundary(windows, 12 * HOUR)).toBe(20 * HOUR);
    expect(nextWindowBoundary(windows, 20 * HOUR)).toBeUndefined();
    expect(nextWindowBoundary([window({ cancelled: true })], 0)).toBeUndefined();
  });

  it("follow monitors: any down is a Major Outage, recovered is Operational, no verdict changes nothing", () => {
    expect(followedState(["up", "down"])).toBe("major_outage");
    expect(followedState(["up", "paused"])).toBe("operational");
    expect(followedState(["unknown", "paused"])).toBeUndefined();
    expect(followedState([])).toBeUndefined();
  });

  it("suggest a state from how many linked monitors are down", () => {
    expect(suggestedState(["up", "up"])).toBe("operational");
    expect(suggestedState(["up", "down"])).toBe("degraded_performance");
    expect(suggestedState(["down", "down", "paused"])).toBe("major_outage");
    expect(suggestedState(["paused"])).toBeUndefined();
  });
});
