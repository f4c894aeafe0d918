import { describe, expect, it } from "vitest";
import { describeDuration, describeDurationShort } from "./describe-duration.ts";

describe("durations in notifications", () => {
  it("read as people say them", () => {
    expect(describeDuration(45_000)).toBe("45 seconds");
    expect(describeDuration(60_000)).toBe("1 minute");
    expect(describeDuration(23 * 60_000)).toBe("23 minutes");
    expect(describeDuration(125 * 60_000)).toBe("2 hours 5 minutes");
    expect(describeDuration(26 * 3_600_000)).toBe("1 day 2 hours");
    expect(describeDurationShort(23 * 60_000)).toBe("23 min");
    expect(describeDurationShort(125 * 60_000)).toBe("2 h 5 min");
  });
});
