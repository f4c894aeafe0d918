import { describe, expect, it } from "vitest";
import { agentTaskBlocker, planIncludesAgents } from "./agent-task-blocker.ts";

const capable = { hasKey: true, version: "2.1.0", capabilities: ["proxy-checks"] };

describe("whether an agent can take a monitor's checks", () => {
  it("lets a proxy-capable agent with a key on a plan with agents take them", () => {
    expect(agentTaskBlocker({ planAllowsAgents: true, agent: capable })).toBeNull();
    expect(
      agentTaskBlocker({ planAllowsAgents: true, agent: { ...capable, version: "3.0.1" } }),
    ).toBeNull();
  });

  it("blames the plan first when the plan no longer includes agents", () => {
    expect(agentTaskBlocker({ planAllowsAgents: false, agent: capable })).toBe(
      "plan-without-agents",
    );
    expect(agentTaskBlocker({ planAllowsAgents: false, agent: null })).toBe("plan-without-agents");
  });

  it("says a deleted agent is deleted", () => {
    expect(agentTaskBlocker({ planAllowsAgents: true, agent: null })).toBe("deleted");
  });

  it("says an agent without a key was revoked, whatever its version", () => {
    expect(agentTaskBlocker({ planAllowsAgents: true, agent: { ...capable, hasKey: false } })).toBe(
      "revoked",
    );
  });

  it("says an older agent, one that never reported, or one without the capability cannot run checks", () => {
    for (const agent of [
      { ...capable, version: "2.0.9" },
      { ...capable, version: null },
      { ...capable, capabilities: [] },
    ]) {
      expect(agentTaskBlocker({ planAllowsAgents: true, agent })).toBe("not-proxy-capable");
    }
  });
});

describe("plans that include agents", () => {
  it("are Business and Enterprise+, and no plan that is not known", () => {
    expect(planIncludesAgents("business")).toBe(true);
    expect(planIncludesAgents("enterprise")).toBe(true);
    expect(planIncludesAgents("hobby")).toBe(false);
    expect(planIncludesAgents("free")).toBe(false);
    expect(planIncludesAgents("platinum")).toBe(false);
  });
});
