import { getPlan, PLANS, type PlanId } from "@upwatch/core";
import { ServiceError } from "../service-error.ts";

/** Throws a plan-limit ServiceError on plans without single sign-on. */
export function enforceSsoPlan(planId: PlanId): void {
  const plan = getPlan(planId);
  if (plan.limits.singleSignOn) return;
  const offering = PLANS.filter((candidate) => candidate.limits.singleSignOn)
    .map((candidate) => candidate.name)
    .join(" and ");
  throw new ServiceError(
    "plan-limit",
    `Single sign-on is part of the ${offering} plan; the ${plan.name} plan does not include it.`,
  );
}
