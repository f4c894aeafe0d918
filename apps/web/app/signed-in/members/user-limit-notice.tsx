import { getPlan, PLANS, type PlanId } from "@upwatch/core";
import { Link } from "react-router";

/** How many more people the plan lets in; null when it has no limit. */
export function usersLeft(planId: PlanId, taken: number): number | null {
  const limit = getPlan(planId).limits.users;
  return limit === null ? null : Math.max(0, limit - taken);
}

/**
 * Shown instead of the invitation form once members and pending invitations fill the plan, so
 * nobody fills in a form that can only be refused.
 */
export function UserLimitNotice({ plan: planId, taken }: { plan: PlanId; taken: number }) {
  const plan = getPlan(planId);
  const limit = plan.limits.users ?? 0;
  const larger = PLANS.find((candidate) => {
    const users = candidate.limits.users;
    return users === null || users > limit;
  });
  const noun = limit === 1 ? "user" : "users";
  return (
    <p className="app-panel-lead">
      Your {plan.name} plan allows {limit} {noun}, and this account has {taken} (members and pending
      invitations count together).{" "}
      {larger
        ? `The ${larger.name} plan allows ${larger.limits.users === null ? "any number of" : larger.limits.users} users.`
        : null}{" "}
      {limit > 1 ? "Revoke a pending invitation or remove a member to invite someone else. " : null}
      <Link to="/app/settings">See your plan</Link>
    </p>
  );
}
