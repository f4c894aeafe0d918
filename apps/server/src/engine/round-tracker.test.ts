import type { CheckOutcome } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { type ClosedRound, RoundTracker } from "./round-tracker.ts";

const T0 = Date.UTC(2026, 10, 24, 6, 0, 0);
const UP: CheckOutcome = {
  status: "up",
  responseTimeMs: 10,
  timings: { dnsMs: null, connectMs: 1, tlsMs: null, firstByteMs: 9 },
  statusCode: 200,
  error: null,
};
const result = (region: string, plannedAt = T0) => ({
  monitorId: "mon_a",
  region,
  plannedAt,
  startedAt: plannedAt + 3,
  outcome: UP,
});
const plan = { regions: ["us-west-1", "eu-west-1"], deadline: T0 + 20_000 };

function tracker() {
  const closed: ClosedRound[] = [];
  return { rounds: new RoundTracker((round) => closed.push(round), T0), closed };
}

describe("collecting a round's results", () => {
  it("closes a round as soon as every region answered", () => {
    const { rounds, closed } = tracker();
    rounds.start("mon_a", T0, plan);
    expect(rounds.add(result("us-west-1"), () => plan)).toBe("accepted");
    expect(closed).toEqual([]);
    expect(rounds.add(result("eu-west-1"), () => plan)).toBe("accepted");
    expect(closed.map((round) => [round.results.length, round.missing])).toEqual([[2, []]]);
  });

  it("closes a round at its deadline with the silent regions missing", () => {
    const { rounds, closed } = tracker();
    rounds.start("mon_a", T0, plan);
    rounds.add(result("us-west-1"), () => plan);
    rounds.closeDue(T0 + 19_999);
    expect(closed).toEqual([]);
    rounds.closeDue(T0 + 20_000);
    expect(closed.map((round) => round.missing)).toEqual([["eu-west-1"]]);
  });

  it("drops a region's second result and any result of a round closed lately", () => {
    const { rounds } = tracker();
    rounds.start("mon_a", T0, plan);
    rounds.add(result("us-west-1"), () => plan);
    expect(rounds.add(result("us-west-1"), () => plan)).toBe("duplicate");
    rounds.add(result("eu-west-1"), () => plan);
    expect(rounds.add(result("eu-west-1"), () => plan)).toBe("duplicate");
  });

  it("opens a round it did not plan when a result of it arrives, with the regions it is given", () => {
    const { rounds, closed } = tracker();
    expect(rounds.add(result("eu-west-1", T0 - 60_000), () => plan)).toBe("accepted");
    expect(rounds.openRounds).toBe(1);
    expect(rounds.add(result("us-west-2", T0 - 60_000), () => plan)).toBe("wrong-region");
    expect(rounds.add(result("us-west-2", T0 + 1), () => plan)).toBe("wrong-region");
    expect(rounds.add(result("us-west-1", T0 + 1), () => "not-dispatched")).toBe("not-dispatched");
    expect(rounds.openRounds).toBe(1);
    expect(closed).toEqual([]);
  });

  it("tells a region's repeat of a closed round from a result that came after it closed", () => {
    const { rounds } = tracker();
    rounds.start("mon_a", T0, plan);
    rounds.add(result("us-west-1"), () => plan);
    rounds.closeDue(T0 + 20_000);
    expect(rounds.add(result("us-west-1"), () => plan)).toBe("duplicate");
    expect(rounds.add(result("eu-west-1"), () => plan)).toBe("too-late");
  });
});
