import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isInQuietHours, localMinuteOfDay, quietHoursField } from "./quiet-hours.ts";

const at = (iso: string) => Date.parse(iso);

describe("quiet hours", () => {
  const night = { from: "22:00", until: "07:00", time_zone: "Europe/Berlin" };

  it("covers the evening and the early morning of a window across midnight, and not the day", () => {
    expect(isInQuietHours(night, at("2026-06-15T20:30:00Z"))).toBe(true); // 22:30 in Berlin
    expect(isInQuietHours(night, at("2026-06-16T04:59:00Z"))).toBe(true); // 06:59
    expect(isInQuietHours(night, at("2026-06-16T05:00:00Z"))).toBe(false); // 07:00
    expect(isInQuietHours(night, at("2026-06-15T12:00:00Z"))).toBe(false); // 14:00
    expect(isInQuietHours(night, at("2026-06-15T19:59:00Z"))).toBe(false); // 21:59
  });

  it("keeps its local hours across a daylight-saving change", () => {
    // Berlin is UTC+1 in winter, UTC+2 in summer; 22:00 local moves by an hour in UTC.
    expect(isInQuietHours(night, at("2026-01-15T21:00:00Z"))).toBe(true); // 22:00 CET
    expect(isInQuietHours(night, at("2026-01-15T20:30:00Z"))).toBe(false); // 21:30 CET
    expect(isInQuietHours(night, at("2026-07-15T20:00:00Z"))).toBe(true); // 22:00 CEST
    // The night clocks go forward (29 March 2026, 02:00 -> 03:00) and back (25 October).
    expect(isInQuietHours(night, at("2026-03-29T01:30:00Z"))).toBe(true); // 03:30 CEST
    expect(isInQuietHours(night, at("2026-10-25T01:30:00Z"))).toBe(true); // 02:30 CET
    expect(localMinuteOfDay(at("2026-03-29T01:00:00Z"), "Europe/Berlin")).toBe(3 * 60);
  });

  it("covers the hours between from and until of a window within a day", () => {
    const lunch = { from: "12:00", until: "13:30", time_zone: "UTC" };
    expect(isInQuietHours(lunch, at("2026-06-15T12:00:00Z"))).toBe(true);
    expect(isInQuietHours(lunch, at("2026-06-15T13:29:00Z"))).toBe(true);
    expect(isInQuietHours(lunch, at("2026-06-15T13:30:00Z"))).toBe(false);
    expect(isInQuietHours(lunch, at("2026-06-15T11:59:00Z"))).toBe(false);
  });

  it("holds every minute of a day exactly once between a window and its complement", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 1439 }),
        (a, b, minute) => {
          fc.pre(a !== b);
          const hhmm = (m: number) =>
            `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
          const when = Date.UTC(2026, 5, 15) + minute * 60_000;
          const window = { from: hhmm(a), until: hhmm(b), time_zone: "UTC" };
          const other = { from: hhmm(b), until: hhmm(a), time_zone: "UTC" };
          return isInQuietHours(window, when) !== isInQuietHours(other, when);
        },
      ),
    );
  });

  it("refuses an unknown zone, a time that is not HH:MM and an empty window in sentences", () => {
    const problem = (value: unknown) => {
      const parsed = quietHoursField.safeParse(value);
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(problem({ from: "22:00", until: "07:00", time_zone: "Mars/Olympus" })).toBe(
      "quiet_hours.time_zone must be an IANA time zone such as Europe/Berlin or America/New_York.",
    );
    expect(problem({ from: "24:00", until: "07:00", time_zone: "UTC" })).toBe(
      "quiet_hours.from must be a time from 00:00 to 23:59, as HH:MM.",
    );
    expect(problem({ from: "22:00", until: "7", time_zone: "UTC" })).toBe(
      "quiet_hours.until must be a time from 00:00 to 23:59, as HH:MM.",
    );
    expect(problem({ from: "22:00", until: "22:00", time_zone: "UTC" })).toBe(
      "quiet_hours.from and quiet_hours.until must differ: the window cannot be empty.",
    );
    expect(problem(null)).toBeNull();
  });
});
