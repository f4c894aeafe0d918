import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeRecurrence } from "./describe-recurrence.ts";
import {
  expandOccurrences,
  seriesEnd,
  seriesStart,
  upcomingOccurrences,
} from "./expand-recurrence.ts";
import { type RecurrenceRule, recurrenceRuleSchema } from "./recurrence-rule.ts";

const BERLIN = "Europe/Berlin";
const iso = (at: number) => new Date(at).toISOString();
const span = (from: string, to: string) => ({ from: Date.parse(from), to: Date.parse(to) });
const starts = (rule: RecurrenceRule, zone: string, from: string, to: string) =>
  expandOccurrences(rule, zone, span(from, to)).map((occurrence) => iso(occurrence.startsAt));

const daily: RecurrenceRule = {
  frequency: "daily",
  start_time: "02:30",
  duration_minutes: 60,
  starts_on: "2026-03-27",
};

describe("expanding a recurring maintenance window", () => {
  it("keeps a daily window at 02:30 on Berlin's wall clock across the spring change, moving the skipped 02:30 to 03:30", () => {
    expect(starts(daily, BERLIN, "2026-03-27T00:00:00Z", "2026-03-30T23:00:00Z")).toEqual([
      "2026-03-27T01:30:00.000Z",
      "2026-03-28T01:30:00.000Z",
      // 02:30 does not exist on 29 March: clocks jump from 02:00 to 03:00, so it starts at 03:30 CEST.
      "2026-03-29T01:30:00.000Z",
      "2026-03-30T00:30:00.000Z",
    ]);
  });

  it("starts at the first 02:30 on the autumn night that shows 02:30 twice, and lasts its real duration", () => {
    const rule = { ...daily, starts_on: "2026-10-24" };
    const occurrences = expandOccurrences(
      rule,
      BERLIN,
      span("2026-10-24T00:00:00Z", "2026-10-26T23:00:00Z"),
    );
    expect(occurrences.map((o) => [iso(o.startsAt), iso(o.endsAt)])).toEqual([
      ["2026-10-24T00:30:00.000Z", "2026-10-24T01:30:00.000Z"],
      ["2026-10-25T00:30:00.000Z", "2026-10-25T01:30:00.000Z"],
      ["2026-10-26T01:30:00.000Z", "2026-10-26T02:30:00.000Z"],
    ]);
  });

  it("repeats weekly on the chosen weekdays only, from the first day to the last day inclusive", () => {
    const weekly: RecurrenceRule = {
      frequency: "weekly",
      weekdays: ["sunday", "wednesday"],
      start_time: "22:00",
      duration_minutes: 120,
      starts_on: "2026-12-02",
      ends_on: "2026-12-13",
    };
    expect(starts(weekly, "UTC", "2026-11-01T00:00:00Z", "2027-02-01T00:00:00Z")).toEqual([
      "2026-12-02T22:00:00.000Z",
      "2026-12-06T22:00:00.000Z",
      "2026-12-09T22:00:00.000Z",
      "2026-12-13T22:00:00.000Z",
    ]);
  });

  it("puts a monthly window on the 31st on the last day of shorter months, February of a leap year included", () => {
    const monthly: RecurrenceRule = {
      frequency: "monthly",
      month_day: 31,
      start_time: "23:00",
      duration_minutes: 30,
      starts_on: "2027-12-01",
    };
    expect(starts(monthly, "UTC", "2027-12-01T00:00:00Z", "2028-05-01T00:00:00Z")).toEqual([
      "2027-12-31T23:00:00.000Z",
      "2028-01-31T23:00:00.000Z",
      "2028-02-29T23:00:00.000Z",
      "2028-03-31T23:00:00.000Z",
      "2028-04-30T23:00:00.000Z",
    ]);
  });

  it("finds the first and the last Sunday of each month, in the account's time zone", () => {
    const first: RecurrenceRule = {
      frequency: "monthly",
      month_week: "first",
      month_weekday: "sunday",
      start_time: "01:00",
      duration_minutes: 60,
      starts_on: "2026-01-01",
    };
    expect(starts(first, BERLIN, "2026-01-01T00:00:00Z", "2026-04-01T00:00:00Z")).toEqual([
      "2026-01-04T00:00:00.000Z",
      "2026-02-01T00:00:00.000Z",
      "2026-03-01T00:00:00.000Z",
    ]);
    const last = { ...first, month_week: "last" as const };
    expect(starts(last, BERLIN, "2026-01-01T00:00:00Z", "2026-04-01T00:00:00Z")).toEqual([
      "2026-01-25T00:00:00.000Z",
      "2026-02-22T00:00:00.000Z",
      "2026-03-29T00:00:00.000Z",
    ]);
  });

  it("includes the occurrence under way at the start of the span and leaves out skipped ones", () => {
    const rule = { ...daily, starts_on: "2026-06-01", start_time: "23:30", duration_minutes: 120 };
    const from = Date.parse("2026-06-03T22:00:00Z"); // 00:00 in Berlin, inside the 2 June occurrence
    const all = expandOccurrences(rule, BERLIN, { from, to: from + 3 * 86_400_000 });
    expect(iso(all[0]?.startsAt ?? 0)).toBe("2026-06-03T21:30:00.000Z");
    const skipped = new Set([all[1]?.startsAt ?? 0]);
    const kept = expandOccurrences(rule, BERLIN, { from, to: from + 3 * 86_400_000 }, skipped);
    expect(kept).toHaveLength(all.length - 1);
    expect(kept.map((o) => o.startsAt)).not.toContain(all[1]?.startsAt);
  });

  it("answers the series' first start and its last end, and none for a rule without a last day", () => {
    const rule: RecurrenceRule = {
      frequency: "weekly",
      weekdays: ["sunday"],
      start_time: "02:00",
      duration_minutes: 60,
      starts_on: "2026-12-01",
      ends_on: "2026-12-31",
    };
    expect(iso(seriesStart(rule, "UTC"))).toBe("2026-12-06T02:00:00.000Z");
    expect(iso(seriesEnd(rule, "UTC") ?? 0)).toBe("2027-01-01T01:00:00.000Z");
    expect(seriesEnd({ ...rule, ends_on: null }, "UTC")).toBeUndefined();
  });

  it("lists the next occurrences from now, the one under way first", () => {
    const now = Date.parse("2026-03-28T01:45:00Z");
    const next = upcomingOccurrences(daily, BERLIN, now, 2);
    expect(next.map((o) => iso(o.startsAt))).toEqual([
      "2026-03-28T01:30:00.000Z",
      "2026-03-29T01:30:00.000Z",
    ]);
  });

  it("never answers overlapping or unordered occurrences of a daily window, whatever the zone and time", () => {
    const zones = ["UTC", BERLIN, "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 1, max: 1380 }),
        fc.integer({ min: 0, max: 700 }),
        (zone, minute, duration, dayOffset) => {
          const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
          const rule: RecurrenceRule = {
            frequency: "daily",
            start_time: time,
            duration_minutes: duration,
            starts_on: "2026-01-01",
          };
          const from = Date.parse("2026-01-01T00:00:00Z") + dayOffset * 86_400_000;
          const list = expandOccurrences(rule, zone, { from, to: from + 40 * 86_400_000 });
          expect(list.length).toBeGreaterThanOrEqual(39);
          for (let i = 1; i < list.length; i += 1) {
            expect(list[i]!.startsAt).toBeGreaterThanOrEqual(list[i - 1]!.endsAt);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("reading a recurrence rule", () => {
  const refusal = (input: unknown) => {
    const result = recurrenceRuleSchema.safeParse(input);
    return result.success ? undefined : result.error.issues[0]?.message;
  };
  const base = { start_time: "02:00", duration_minutes: 60, starts_on: "2026-12-01" };

  it("explains each bad rule in a sentence", () => {
    expect(refusal({ ...base, frequency: "weekly" })).toBe(
      'A weekly window needs at least one weekday in recurrence.weekdays, such as ["sunday"].',
    );
    expect(refusal({ ...base, frequency: "monthly" })).toMatch(/either recurrence.month_day/);
    expect(refusal({ ...base, frequency: "monthly", month_week: "first" })).toMatch(
      /needs both recurrence.month_week and recurrence.month_weekday/,
    );
    expect(refusal({ ...base, frequency: "daily", duration_minutes: 1500 })).toBe(
      "A daily window can last at most 24 hours (1440 minutes).",
    );
    expect(refusal({ ...base, frequency: "daily", start_time: "25:00" })).toBe(
      "recurrence.start_time must be a time from 00:00 to 23:59, as HH:MM.",
    );
    expect(refusal({ ...base, frequency: "daily", starts_on: "2026-02-30" })).toMatch(/real day/);
    expect(refusal({ ...base, frequency: "daily", ends_on: "2026-11-30" })).toBe(
      "recurrence.ends_on must be on or after recurrence.starts_on.",
    );
    expect(refusal({ ...base, frequency: "hourly" })).toBe(
      "recurrence.frequency must be daily, weekly or monthly.",
    );
    expect(refusal({ ...base, frequency: "weekly", weekdays: ["funday"] })).toBe(
      "recurrence.weekdays must be a weekday such as sunday.",
    );
  });

  it("describes a rule in words a person reads", () => {
    expect(
      describeRecurrence(
        { ...base, frequency: "weekly", weekdays: ["sunday", "wednesday"], duration_minutes: 120 },
        BERLIN,
      ),
    ).toBe("Every Wednesday and Sunday at 02:00 Europe/Berlin time for 2 hours, from 2026-12-01");
    expect(
      describeRecurrence({
        ...base,
        frequency: "monthly",
        month_week: "first",
        month_weekday: "sunday",
        ends_on: "2027-06-30",
      }),
    ).toBe("Every month on the first Sunday at 02:00 for 1 hour, from 2026-12-01 until 2027-06-30");
  });
});
