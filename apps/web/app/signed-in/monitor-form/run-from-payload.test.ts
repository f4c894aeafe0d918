import type { MonitorView } from "@upwatch/api";
import { createMonitorSchema, getPlan } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { defaultFormValues, formValuesFromMonitor, type MonitorFormValues } from "./form-values.ts";
import { monitorPayload } from "./monitor-payload.ts";
import { validateMonitorForm } from "./validate-monitor-form.ts";

const business = getPlan("business");
const hobby = getPlan("hobby");

function values(changes: Partial<MonitorFormValues>): MonitorFormValues {
  return {
    ...defaultFormValues(60),
    name: "Intranet",
    target: "http://10.0.4.12:8080/health",
    ...changes,
  };
}

describe("where the monitor form says a monitor runs from", () => {
  it("sends the chosen agent and no regions for a monitor that runs from an agent", () => {
    const body = monitorPayload(values({ run_from: "agent", agent_id: "agt_1" }));
    expect(body).toMatchObject({ agent_id: "agt_1" });
    expect(body).not.toHaveProperty("regions");
    expect(body).not.toHaveProperty("region_rule");
    expect(createMonitorSchema.safeParse(body).success).toBe(true);
  });

  it("sends the regions with agent_id null, which also moves an agent-run monitor back", () => {
    const body = monitorPayload(
      values({ run_from: "regions", agent_id: "agt_1", regions: ["eu-west-1"] }),
    );
    expect(body).toMatchObject({ regions: ["eu-west-1"], region_rule: "majority", agent_id: null });
  });

  it("runs a multi-step check from regions even when Agent was chosen before its type", () => {
    const body = monitorPayload(values({ type: "multi_step", run_from: "agent", agent_id: "a" }));
    expect(body).toMatchObject({ agent_id: null });
    expect(body).toHaveProperty("regions");
  });

  it("leaves the regions to the server on a plan without a choice, still saying no agent", () => {
    const body = monitorPayload(values({}), false);
    expect(body).toMatchObject({ agent_id: null });
    expect(body).not.toHaveProperty("regions");
  });

  it("asks for an agent when Agent is chosen without one", () => {
    const check = validateMonitorForm(values({ run_from: "agent" }), business, 0);
    expect(check.payload).toBeNull();
    expect(check.errors.agent_id).toBe("Choose the agent the monitor runs from.");
  });

  it("accepts a private address for an agent-run monitor, with no regions to choose", () => {
    const check = validateMonitorForm(
      values({ run_from: "agent", agent_id: "agt_1", regions: [] }),
      business,
      0,
    );
    expect(check.errors).toEqual({});
    expect(check.payload).toMatchObject({ agent_id: "agt_1" });
  });

  it("says which plans run monitors from agents on a plan without agents", () => {
    const check = validateMonitorForm(values({ run_from: "agent", agent_id: "agt_1" }), hobby, 0);
    expect(check.errors.agent_id).toBe(
      "Running from an agent needs the Business and Enterprise+ plans; choose Regions to keep the Hobby plan.",
    );
  });

  it("gives an agent-run monitor back to the form with its agent chosen", () => {
    const monitor = {
      ...(monitorPayload(values({})) as object),
      id: "mon_1",
      region: "us-west-1",
      regions: ["us-west-1"],
      region_rule: "majority",
      run_from: "agent",
      agent_id: "agt_7",
      options: {},
    } as unknown as MonitorView;
    const form = formValuesFromMonitor(monitor, []);
    expect(form.run_from).toBe("agent");
    expect(form.agent_id).toBe("agt_7");
    expect(monitorPayload(form)).toMatchObject({ agent_id: "agt_7" });
  });

  it("asks for an agent again when the monitor's agent was deleted", () => {
    const monitor = {
      ...(monitorPayload(values({})) as object),
      id: "mon_1",
      region: "us-west-1",
      regions: ["us-west-1"],
      region_rule: "majority",
      run_from: "agent",
      agent_id: null,
      options: {},
    } as unknown as MonitorView;
    const form = formValuesFromMonitor(monitor, []);
    expect(validateMonitorForm(form, business, null).errors.agent_id).toBe(
      "Choose the agent the monitor runs from.",
    );
  });
});
