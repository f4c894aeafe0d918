import type { Group } from "@upwatch/api";
import { describe, expect, it } from "vitest";
import { groupCountsText, groupNamesOf, sortGroupsBySeverity } from "./group-status.ts";

function group(id: string, status: Group["status"]): Group {
  return {
    id,
    name: id,
    description: null,
    monitor_ids: [],
    channel_ids: [],
    channels: [],
    status,
    counts: { up: 0, down: 0, paused: 0, unknown: 0 },
    created_at: "2026-12-02T00:00:00.000Z",
    updated_at: "2026-12-02T00:00:00.000Z",
  };
}

describe("a group's status as the screens say it", () => {
  it("counts members as in the help centre, leaving out states no member is in", () => {
    expect(groupCountsText({ up: 4, down: 1, paused: 1, unknown: 0 })).toBe(
      "4 up, 1 down, 1 paused",
    );
    expect(groupCountsText({ up: 4, down: 0, paused: 0, unknown: 2 })).toBe("4 up, 2 pending");
    expect(groupCountsText({ up: 0, down: 0, paused: 0, unknown: 0 })).toBe("No monitors");
  });

  it("puts groups in trouble first on the wall, then by name", () => {
    const sorted = sortGroupsBySeverity([
      group("Blog", "up"),
      group("Api", "up"),
      group("Staging", "no_data"),
      group("Shop", "partial_outage"),
      group("Payments", "down"),
    ]);
    expect(sorted.map((item) => item.id)).toEqual(["Payments", "Shop", "Staging", "Api", "Blog"]);
  });

  it("names a monitor's groups and skips one it does not know", () => {
    expect(
      groupNamesOf(["Shop", "gone", "Api"], [group("Api", "up"), group("Shop", "up")]),
    ).toEqual(["Shop", "Api"]);
  });
});
