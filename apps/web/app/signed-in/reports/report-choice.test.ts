import { describe, expect, it } from "vitest";
import { choiceOf, recentMonths, reportQueryOf, searchOf } from "./report-choice.ts";

const NOW = new Date("2026-12-03T12:00:00Z");

describe("the report screen's choice", () => {
  it("offers this month and the eleven before, and opens on last month", () => {
    expect(recentMonths(NOW).slice(0, 3)).toEqual(["2026-12", "2026-11", "2026-10"]);
    expect(recentMonths(NOW)).toHaveLength(12);
    expect(choiceOf(new URLSearchParams("type=group&id=grp_1"), NOW)).toMatchObject({
      subjectType: "group",
      month: "2026-11",
      target: "99.9",
    });
  });

  it("asks the API for a custom range with its last day included", () => {
    const choice = choiceOf(new URLSearchParams("id=mon_1&from=2026-11-03&to=2026-11-04"), NOW);
    expect(reportQueryOf(choice)).toEqual({
      query: {
        subject_type: "monitor",
        subject_id: "mon_1",
        target: 99.9,
        from: "2026-11-03T00:00:00Z",
        to: "2026-11-05T00:00:00.000Z",
      },
    });
    expect(searchOf(choice).toString()).toBe("type=monitor&id=mon_1&from=2026-11-03&to=2026-11-04");
  });

  it("says what is missing before asking", () => {
    expect(reportQueryOf(choiceOf(new URLSearchParams(""), NOW))).toEqual({
      problem: "Choose what to report on.",
    });
    const backwards = choiceOf(new URLSearchParams("id=m&from=2026-11-05&to=2026-11-01"), NOW);
    expect(reportQueryOf(backwards)).toEqual({
      problem: "The last day must not be before the first.",
    });
  });
});
