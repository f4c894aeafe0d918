import { type CheckOutcome, type RegionRule, roundFails } from "@upwatch/core";

export interface RoundVerdict {
  failed: boolean;
  /** The regions whose check failed, in the order they answered. */
  failedRegions: string[];
}

/**
 * Judges a round among the regions that answered (n answered, f failed): `any` fails when
 * f >= 1, `majority` when f > n/2, `all` when f == n. No answer at all is no verdict (null):
 * a missed round changes nothing.
 */
export function judgeRound(
  rule: RegionRule,
  answers: readonly { region: string; outcome: Pick<CheckOutcome, "status"> }[],
): RoundVerdict | null {
  const n = answers.length;
  if (n === 0) return null;
  const failedRegions = answers
    .filter((answer) => answer.outcome.status !== "up")
    .map((answer) => answer.region);
  const failed = roundFails({ failed: failedRegions.length, answered: n }, rule);
  return { failed, failedRegions };
}
