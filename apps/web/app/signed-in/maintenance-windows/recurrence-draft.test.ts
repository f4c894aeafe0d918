import { describe, expect, it } from "vitest";
import { draftOf, ruleOf } from "./recurrence-draft.ts";

describe("the recurrence fields of a maintenance form", () => {
  it("turns a weekly draft into the rule the API takes", () => {
    const draft = {
      ...draftOf(null, "2026-12-01"),
      repeats: "weekly" as const,
      weekdays: ["sunday" as const],
    };
    expect(ruleOf(draft)).toEqual({
      rule: {
        frequency: "weekly",
        weekdays: ["sunday"],
        start_time: "02:00",
        duration_minutes: 60,
        starts_on: "2026-12-01",
        ends_on: null,
      },
    });
  });

  it("says what is missing in the server's words", () => {
    const draft = { ...draftOf(null, "2026-12-01"), repeats: "weekly" as const };
    expect(ruleOf(draft)).toEqual({
      problem:
        'A weekly window needs at least one weekday in recurrence.weekdays, such as ["sunday"].',
    });
  });

  it("reads a monthly rule by weekday back into the fields, and out again unchanged", () => {
    const rule = {
      frequency: "monthly" as const,
      month_week: "last" as const,
      month_weekday: "friday" as const,
      start_time: "23:30",
      duration_minutes: 90,
      starts_on: "2027-01-01",
      ends_on: "2027-12-31",
    };
    expect(ruleOf(draftOf(rule, "2026-12-01"))).toEqual({ rule });
  });
});
