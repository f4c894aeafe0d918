import { getPlan, PLANS, type PlanId } from "@upwatch/core";
import { ServiceError } from "../service-error.ts";

/** The plan-wall sentence: the first plan with custom dashboards, and the account's own. */
export function dashboardPlanSentence(planId: PlanId): string {
  const plan = getPlan(planId);
  const first = PLANS.find((candidate) => candidate.limits.customDashboards)?.name ?? "a higher";
  return `Custom dashboards are part of the ${first} plan and above; the ${plan.name} plan does not include them.`;
}

/** Throws a plan-limit refusal naming the first plan with custom dashboards, on plans without. */
export function enforceDashboardPlan(planId: PlanId): void {
  if (getPlan(planId).limits.customDashboards) return;
  throw new ServiceError("plan-limit", dashboardPlanSentence(planId));
}
