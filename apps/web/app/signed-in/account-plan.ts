import { getPlan, type Plan, withExtras } from "@upwatch/core";
import type { AnswerOf } from "./api-call.ts";

/**
 * The account's plan with the monitor and agent limits its answer gives, which count the extras
 * bought on top of the plan, so the browser refuses exactly where the server will.
 */
export function accountPlan(account: AnswerOf<"getAccount">): Plan {
  const plan = getPlan(account.plan);
  const { monitors, agents } = account.limits;
  return withExtras(plan, {
    monitors:
      monitors === null || plan.limits.monitors === null ? 0 : monitors - plan.limits.monitors,
    agents: agents === null || plan.limits.agents === null ? 0 : agents - plan.limits.agents,
  });
}
