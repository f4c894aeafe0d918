import { describe, expect, it } from "vitest";
import { type GroupMemberState, groupCounts, groupStatus } from "./group-status.ts";

const up: GroupMemberState = { paused: false, state: "up" };
const down: GroupMemberState = { paused: false, state: "down" };
const fresh: GroupMemberState = { paused: false, state: "unknown" };
const pausedDown: GroupMemberState = { paused: true, state: "down" };

function statusOf(members: GroupMemberState[]) {
  return groupStatus(groupCounts(members));
}

describe("a group's status", () => {
  it("is up when every active member is up", () => {
    expect(statusOf([up, up, fresh])).toBe("up");
  });

  it("is a partial outage when some members are down and some up", () => {
    expect(statusOf([up, down, up])).toBe("partial_outage");
  });

  it("is down when every active member that was checked is down", () => {
    expect(statusOf([down, down, fresh])).toBe("down");
  });

  it("has no data without an active member in a known state", () => {
    expect(statusOf([])).toBe("no_data");
    expect(statusOf([fresh, pausedDown])).toBe("no_data");
  });

  it("ignores a paused member, so planned work does not turn the group red", () => {
    expect(statusOf([up, pausedDown])).toBe("up");
  });
});

describe("a group's counts", () => {
  it("count paused members only as paused and never-checked ones as unknown", () => {
    expect(groupCounts([up, up, down, pausedDown, fresh])).toEqual({
      up: 2,
      down: 1,
      paused: 1,
      unknown: 1,
    });
  });
});
