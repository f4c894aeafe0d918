import { getPlan, type PlanId } from "@upwatch/core";

/**
 * Whether the account has status pages to work on: its plan includes them, or it kept pages made
 * on a larger plan (they stay public and editable after a downgrade). `pageCount` is undefined
 * while the pages are still being read.
 */
export function statusPagesUsable(planId: PlanId, pageCount: number | undefined): boolean {
  return getPlan(planId).limits.statusPages !== 0 || (pageCount ?? 0) > 0;
}
