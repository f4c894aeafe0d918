/**
 * How many of a monitor's regions must fail a round for the round to fail:
 * any one of them, more than half of those that answered, or all of them.
 */
export const REGION_RULES = ["any", "majority", "all"] as const;
export type RegionRule = (typeof REGION_RULES)[number];
export const DEFAULT_REGION_RULE: RegionRule = "majority";

/** What the regions of one round said: how many answered, and how many of those failed. */
export interface RoundAnswers {
  failed: number;
  answered: number;
}

/**
 * Whether a round fails under the rule, judged among the regions that answered. A round no
 * region answered is missed, never failed.
 */
export function roundFails({ failed, answered }: RoundAnswers, rule: RegionRule): boolean {
  if (answered <= 0 || failed <= 0) return false;
  switch (rule) {
    case "any":
      return failed >= 1;
    case "majority":
      return failed * 2 > answered;
    case "all":
      return failed >= answered;
  }
}
