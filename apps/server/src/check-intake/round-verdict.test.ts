import { describe, expect, it } from "vitest";
import { judgeRound } from "./round-verdict.ts";

const answers = (...statuses: ("up" | "down")[]) =>
  statuses.map((status, index) => ({ region: `r${index + 1}`, outcome: { status } }));

describe("judging a round by the region rule", () => {
  it("fails under any when one region failed", () => {
    expect(judgeRound("any", answers("up", "down", "up"))).toEqual({
      failed: true,
      failedRegions: ["r2"],
    });
  });

  it("fails under majority only when more than half of the answering regions failed", () => {
    expect(judgeRound("majority", answers("up", "down"))?.failed).toBe(false);
    expect(judgeRound("majority", answers("down", "down", "up"))?.failed).toBe(true);
    expect(judgeRound("majority", answers("down"))?.failed).toBe(true);
  });

  it("fails under all only when every answering region failed", () => {
    expect(judgeRound("all", answers("down", "up"))?.failed).toBe(false);
    expect(judgeRound("all", answers("down", "down"))?.failed).toBe(true);
  });

  it("gives no verdict when no region answered", () => {
    expect(judgeRound("any", [])).toBeNull();
  });
});
