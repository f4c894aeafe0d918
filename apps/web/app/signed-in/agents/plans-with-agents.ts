import { PLANS } from "@upwatch/core";

/** "the Business and Enterprise+ plans": the plans that include agents, from the plan facts. */
export function plansWithAgentsText(): string {
  const names = PLANS.filter((plan) => plan.limits.agents !== 0).map((plan) => plan.name);
  const listed =
    names.length <= 1
      ? (names[0] ?? "")
      : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  return `the ${listed} ${names.length === 1 ? "plan" : "plans"}`;
}
