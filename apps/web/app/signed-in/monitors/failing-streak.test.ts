import { describe, expect, it } from "vitest";
import { describeStreak, failingStreak } from "./failing-streak.ts";

const monitor = {
  paused: false,
  state: "up",
  consecutive_failures: 0,
  failure_threshold: 3,
} as const;

describe("a monitor failing before its alert", () => {
  it("is failing after some but not all of the failures its alert needs", () => {
    expect(failingStreak({ ...monitor, consecutive_failures: 2 })).toEqual({
      failures: 2,
      threshold: 3,
      remaining: 1,
    });
    expect(failingStreak({ ...monitor, state: "unknown", consecutive_failures: 1 })).toEqual({
      failures: 1,
      threshold: 3,
      remaining: 2,
    });
  });

  it("is not failing when its last check passed, when it is down, or while paused", () => {
    expect(failingStreak(monitor)).toBeNull();
    expect(failingStreak({ ...monitor, state: "down", consecutive_failures: 3 })).toBeNull();
    expect(failingStreak({ ...monitor, consecutive_failures: 3 })).toBeNull();
    expect(failingStreak({ ...monitor, paused: true, consecutive_failures: 1 })).toBeNull();
    expect(failingStreak({ ...monitor, failure_threshold: 1, consecutive_failures: 1 })).toBeNull();
  });

  it("says how many failures it had and how many more open an alert", () => {
    expect(describeStreak({ failures: 2, threshold: 3, remaining: 1 })).toBe(
      "2 of 3 failed checks in a row: 1 more opens an alert.",
    );
    expect(describeStreak({ failures: 1, threshold: 5, remaining: 4 })).toBe(
      "1 of 5 failed checks in a row: 4 more open an alert.",
    );
  });
});
