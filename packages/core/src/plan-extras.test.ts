import { describe, expect, it } from "vitest";
import { NO_EXTRAS, withExtras } from "./plan-extras.ts";
import { getPlan } from "./plans.ts";

describe("a plan with extras bought on top of it", () => {
  it("allows the extra monitors and agents beside the plan's own", () => {
    const business = withExtras(getPlan("business"), { monitors: 2, agents: 3 });
    expect(business.limits.monitors).toBe((getPlan("business").limits.monitors ?? 0) + 2);
    expect(business.limits.agents).toBe((getPlan("business").limits.agents ?? 0) + 3);
    expect(business.limits.users).toBe(getPlan("business").limits.users);
  });

  it("leaves an unlimited number of agents unlimited and a plan without extras as it is", () => {
    expect(withExtras(getPlan("enterprise"), { monitors: 0, agents: 4 }).limits.agents).toBe(
      getPlan("enterprise").limits.agents,
    );
    expect(withExtras(getPlan("hobby"), NO_EXTRAS)).toBe(getPlan("hobby"));
  });
});
