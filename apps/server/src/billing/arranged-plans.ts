import type { PlanId } from "@upwatch/core";

/**
 * Plans an account gets by arrangement, never through Stripe: Enterprise+ (with sales) and the
 * self-hosted plan (from the operator). Subscriptions neither give nor take them away.
 */
export const ARRANGED_PLANS: readonly PlanId[] = ["enterprise", "self-hosted"];

/** Whether the plan is arranged rather than bought. */
export function isArrangedPlan(plan: string): boolean {
  return (ARRANGED_PLANS as readonly string[]).includes(plan);
}
