import { describe, expect, it } from "vitest";
import type { UptimeFigures } from "../services/checks/uptime-figures.ts";
import type { PublicBadgeSubject } from "../services/monitor-badges/read-public-badge.ts";
import { badgeFace } from "./monitor-badges.ts";
import { BADGE_COLOURS } from "./render-badge.ts";

function subject(up: number, checks: number, averageResponseMs24h: number | null = null) {
  const counts = { checks, up };
  const figures: UptimeFigures = {
    checks: { "24h": counts, "7d": counts, "30d": counts },
    averageResponseMs24h,
  };
  return { status: "up", figures } satisfies PublicBadgeSubject;
}

describe("what a monitor badge says", () => {
  it("never rounds uptime up to 100%", () => {
    expect(badgeFace("uptime_30d", subject(99_999, 100_000))).toEqual({
      value: "99.99%",
      colour: BADGE_COLOURS.good,
    });
    expect(badgeFace("uptime_30d", subject(5, 5)).value).toBe("100%");
  });

  it("colours uptime green from 99.9%, light green from 99%, amber from 95% and red below", () => {
    const colour = (up: number) => badgeFace("uptime_7d", subject(up, 1000)).colour;
    expect([999, 998, 990, 989, 950, 949].map(colour)).toEqual([
      BADGE_COLOURS.good,
      BADGE_COLOURS.fair,
      BADGE_COLOURS.fair,
      BADGE_COLOURS.warning,
      BADGE_COLOURS.warning,
      BADGE_COLOURS.bad,
    ]);
  });

  it("gives response times in milliseconds under a second and seconds above", () => {
    expect(badgeFace("response_time", subject(1, 1, 287))).toEqual({
      value: "287 ms",
      colour: BADGE_COLOURS.good,
    });
    expect(badgeFace("response_time", subject(1, 1, 2345))).toEqual({
      value: "2.35 s",
      colour: BADGE_COLOURS.warning,
    });
    expect(badgeFace("response_time", subject(1, 1, 3000)).colour).toBe(BADGE_COLOURS.bad);
  });

  it("says no data, in grey, before any check", () => {
    const none: PublicBadgeSubject = { status: "pending", figures: undefined };
    expect(badgeFace("uptime_24h", none)).toEqual({
      value: "no data",
      colour: BADGE_COLOURS.neutral,
    });
    expect(badgeFace("response_time", none).value).toBe("no data");
    expect(badgeFace("status", none)).toEqual({ value: "pending", colour: BADGE_COLOURS.neutral });
  });
});
