import { agentRequestSchemas } from "@upwatch/api";
import { AGENT_RULE_TEMPLATES } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { refusedRuleField, ruleChanges, ruleFields, ruleValues } from "./rule-values.ts";

describe("the values of an agent alert rule's form", () => {
  it("starts from the template and sends its numbers, with no list meaning every disk", () => {
    const values = ruleValues(AGENT_RULE_TEMPLATES.disk);
    expect(ruleFields(values)).toEqual({
      kind: "disk",
      threshold: 15,
      duration_minutes: 0,
      severity: "warning",
      disks: null,
    });
  });

  it("sends the listed services and no threshold for a service rule", () => {
    const values = { ...ruleValues(AGENT_RULE_TEMPLATES.service), subjects: "nginx, postgresql," };
    expect(ruleFields(values)).toEqual({
      kind: "service",
      duration_minutes: 0,
      severity: "critical",
      services: ["nginx", "postgresql"],
    });
  });

  it("saves a changed rule with fields the server takes, keeping its kind", () => {
    const values = { ...ruleValues(AGENT_RULE_TEMPLATES.disk), threshold: "20" };
    const changes = ruleChanges(ruleFields(values));
    expect(changes).toEqual({
      threshold: 20,
      duration_minutes: 0,
      severity: "warning",
      disks: null,
    });
    expect(agentRequestSchemas.updateRule.safeParse(changes).error).toBeUndefined();
  });

  it("puts a refusal on the field its sentence names", () => {
    expect(refusedRuleField("The threshold must be between 1 and 99.")).toBe("threshold");
    expect(refusedRuleField("duration_minutes must be 0 to 60.")).toBe("duration_minutes");
    expect(refusedRuleField("This agent reports no disk /data.")).toBe("subjects");
    expect(refusedRuleField("This agent has 50 rules already.")).toBe("form");
  });
});
