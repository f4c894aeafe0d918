import { getPlan, type Plan, withExtras } from "@upwatch/core";
import type { AnswerOf } from "./api-call.ts";

/**
 * The account's plan with the monitor limit its answer gives, which counts the extra monitors
 * bought on top of the plan, so the browser refuses exactly where the server will.
 */
export function accountPlan(account: AnswerOf<"getAccount">): Plan {
  const plan = getPlan(account.plan);
  return withExtras(plan, { monitors: account.limits.monitors - plan.limits.monitors, agents: 0 });
}
