import { type CheckOutcome, UNKNOWN_HEALTH } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { judgeObservation } from "./judge-observation.ts";

const T0 = Date.UTC(2026, 10, 24, 6, 0, 0);
const outcome = (status: "up" | "down"): CheckOutcome => ({
  status,
  responseTimeMs: 10,
  timings: { dnsMs: null, connectMs: 1, tlsMs: null, firstByteMs: 9 },
  statusCode: status === "up" ? 200 : 503,
  error: status === "up" ? null : "The server answered 503.",
});
const answer = (region: string, status: "up" | "down") => ({
  region,
  checkedAt: T0 + 2,
  outcome: outcome(status),
});
const round = (
  sightings: ReturnType<typeof answer>[],
  missing: string[] = [],
  reason: "no-runner" | "no-result" = "no-result",
) => ({
  monitorId: "mon_a",
  plannedAt: T0,
  sightings,
  missing: missing.map((region) => ({ region, reason })),
});
const rules = { failureThreshold: 1, recoveryConfirmations: 1 };

describe("what an observation stores", () => {
  it("puts the went-down transition on the first failed region's record only, with every failed region", () => {
    const judged = judgeObservation(
      round([answer("us-west-1", "up"), answer("eu-west-1", "down"), answer("us-west-2", "down")]),
      { health: UNKNOWN_HEALTH, rules, rule: "majority" },
    );
    expect(judged.health.status).toBe("down");
    expect(judged.records.map((record) => [record.region, record.transition])).toEqual([
      ["us-west-1", undefined],
      ["eu-west-1", "went-down"],
      ["us-west-2", undefined],
    ]);
    expect(judged.records[0]!.failedRegions).toEqual(["eu-west-1", "us-west-2"]);
  });

  it("records silent regions as missed and leaves health alone when nobody answered", () => {
    const judged = judgeObservation(round([], ["eu-west-1"]), {
      health: UNKNOWN_HEALTH,
      rules,
      rule: "any",
    });
    expect(judged.health).toBe(UNKNOWN_HEALTH);
    expect(judged.records).toEqual([]);
    expect(judged.missed).toEqual([
      { monitorId: "mon_a", region: "eu-west-1", plannedAt: T0, reason: "no-result" },
    ]);
  });
});
