import { getPlan, PLANS, type PlanId } from "@upwatch/core";
import { ServiceError } from "../service-error.ts";

/** Throws a plan-limit refusal naming the first plan with an audit log, on plans without one. */
export function enforceAuditLogPlan(planId: PlanId): void {
  const plan = getPlan(planId);
  if (plan.limits.auditLog) return;
  const upgrade = PLANS.find((candidate) => candidate.limits.auditLog)?.name ?? "a higher";
  throw new ServiceError(
    "plan-limit",
    `The audit log is part of the ${upgrade} plan and above; the ${plan.name} plan does not keep one.`,
  );
}
