import { describe, expect, it } from "vitest";
import { plansWithAgentsText } from "./plans-with-agents.ts";

describe("the plans that include agents", () => {
  it("names Business and Enterprise+ as the plan facts say", () => {
    expect(plansWithAgentsText()).toBe("the Business and Enterprise+ plans");
  });
});
