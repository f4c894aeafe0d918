import { describe, expect, it } from "vitest";
import { accountPlan } from "./account-plan.ts";

const answer = (
  plan: "free" | "hobby" | "business",
  monitors: number,
  agents: number | null = 0,
) => ({
  id: "acc_1",
  name: "Acme",
  plan,
  limits: {
    monitors,
    agents,
    min_interval_seconds: 60,
    all_check_types: true,
    api_requests_per_hour: 1000,
    history_days: 90,
  },
  monitors: 0,
  active_monitors: 0,
});

describe("the account's plan in the browser", () => {
  it("counts the extra monitors the account's answer includes in its limit", () => {
    const plan = accountPlan(answer("hobby", 12));
    expect(plan.id).toBe("hobby");
    expect(plan.limits.monitors).toBe(12);
  });

  it("counts the extra agents the account's answer includes in its limit", () => {
    expect(accountPlan(answer("business", 50, 7)).limits.agents).toBe(7);
  });

  it("is the plan itself when no extras are bought", () => {
    expect(accountPlan(answer("free", 10)).limits.monitors).toBe(10);
  });
});
