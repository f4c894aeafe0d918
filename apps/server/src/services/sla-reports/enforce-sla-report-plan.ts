import { getPlan, PLANS, type PlanId } from "@upwatch/core";
import { ServiceError } from "../service-error.ts";

/** Throws a plan-limit refusal naming the first plan with SLA reports, on plans without them. */
export function enforceSlaReportPlan(planId: PlanId): void {
  const plan = getPlan(planId);
  if (plan.limits.slaReports) return;
  const upgrade = PLANS.find((candidate) => candidate.limits.slaReports)?.name ?? "a higher";
  throw new ServiceError(
    "plan-limit",
    `SLA reports are part of the ${upgrade} plan and above; the ${plan.name} plan does not include them.`,
  );
}
