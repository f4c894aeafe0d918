import { PLANS } from "@upwatch/core";

/** The plans whose status pages may hide "Powered by Upwatch" and answer on a domain of their own. */
const WHITE_LABEL_PLAN_IDS: readonly string[] = PLANS.filter((plan) => plan.limits.whiteLabel).map(
  (plan) => plan.id,
);

/** Whether an account on this plan has its pages' white-label settings in force. */
export function whiteLabelInForce(planId: string): boolean {
  return WHITE_LABEL_PLAN_IDS.includes(planId);
}

/**
 * A page as visitors get it. On a plan without white-label the stored footer choice and domain
 * are kept for a return to that plan, but the page shows "Powered by Upwatch" and lives at its
 * Upwatch address.
 */
export function asServed<T extends { white_label: number; custom_domain: string | null }>(
  page: T,
  planId: string,
): T {
  if (whiteLabelInForce(planId)) return page;
  return { ...page, white_label: 0, custom_domain: null };
}
