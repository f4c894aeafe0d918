import { getPlan, PLANS, type PlanId } from "@upwatch/core";
import { ServiceError } from "../service-error.ts";

/** Throws a plan-limit ServiceError on plans without multi-step checks, which alone use them. */
export function enforceSecureVariablePlan(planId: PlanId): void {
  const plan = getPlan(planId);
  if (plan.limits.allCheckTypes) return;
  const upgrade = PLANS.find((candidate) => candidate.limits.allCheckTypes)?.name ?? "a paid";
  throw new ServiceError(
    "plan-limit",
    `Secure variables are used by multi-step API checks, which need the ${upgrade} plan or above; the ${plan.name} plan does not offer them.`,
  );
}

/** The refusal for a name the account has no variable for (names are validated, safe to repeat). */
export function noSecureVariableNamed(name: string): ServiceError {
  return new ServiceError("not-found", `There is no secure variable named ${name}.`);
}
