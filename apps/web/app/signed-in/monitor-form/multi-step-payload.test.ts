import { readFileSync } from "node:fs";
import type { MonitorView } from "@upwatch/api";
import { getPlan } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { defaultFormValues, formValuesFromMonitor, type MonitorFormValues } from "./form-values.ts";
import { monitorPayload } from "./monitor-payload.ts";
import { newStep, type StepRow } from "./step-values.ts";
import { validateMonitorForm } from "./validate-monitor-form.ts";

/** The help centre's complete example, as the article shows it. */
function articleExample(): { variables: Record<string, string>; steps: unknown[] } {
  const article = readFileSync(
    new URL("../../../../../content/articles/advanced-multi-step-checks.md", import.meta.url),
    "utf8",
  );
  const json = /## A complete example[\s\S]*?```json\n([\s\S]*?)```/.exec(article)?.[1];
  if (!json) throw new Error("The article has no complete example.");
  const { variables, steps } = JSON.parse(json);
  return { variables, steps };
}

function step(changes: Partial<StepRow>): StepRow {
  return { ...newStep(changes.type ?? "http_request"), ...changes };
}

const afterListOrders = { depends_on: ["list_orders"], dependency_type: "success" as const };

/** The article's example, entered field by field as a person fills in the form. */
function articleByHand(): MonitorFormValues {
  return {
    ...defaultFormValues(60),
    type: "multi_step",
    name: "Orders API - login and list orders",
    interval_seconds: "300",
    timeout_seconds: "30",
    variables: [
      { name: "base_url", value: "https://api.example.com" },
      { name: "username", value: "synthetic-monitor@example.com" },
      { name: "password", value: "secure:orders_api_password" },
    ],
    steps: [
      step({
        name: "login",
        method: "POST",
        url: "{{base_url}}/v1/auth/login",
        headers: [{ name: "Content-Type", value: "application/json" }],
        body: '{"email": "{{username}}", "password": "{{password}}"}',
      }),
      step({
        name: "login_ok",
        type: "assertion",
        assertion_type: "status_code",
        expected: "200",
        depends_on: ["login"],
      }),
      step({
        name: "extract_token",
        type: "extract",
        from: "body",
        path: "$.data.token",
        to_variable: "token",
        depends_on: ["login_ok"],
      }),
      step({
        name: "list_orders",
        url: "{{base_url}}/v1/orders?limit=5",
        headers: [
          { name: "Authorization", value: "Bearer {{token}}" },
          { name: "Accept", value: "application/json" },
        ],
        depends_on: ["extract_token"],
      }),
      step({
        name: "orders_status",
        type: "assertion",
        expected: "200",
        ...afterListOrders,
      }),
      step({
        name: "orders_present",
        type: "assertion",
        assertion_type: "json_path",
        path: "$.data[0].id",
        operator: "exists",
        ...afterListOrders,
      }),
      step({
        name: "orders_json",
        type: "assertion",
        assertion_type: "header",
        path: "Content-Type",
        operator: "contains",
        expected: "application/json",
        ...afterListOrders,
      }),
      step({
        name: "orders_fast",
        type: "assertion",
        assertion_type: "response_time",
        operator: "less_than",
        expected: "800",
        ...afterListOrders,
      }),
      step({
        name: "logout",
        method: "POST",
        url: "{{base_url}}/v1/auth/logout",
        headers: [{ name: "Authorization", value: "Bearer {{token}}" }],
        depends_on: ["list_orders"],
        dependency_type: "completion",
      }),
    ],
  };
}

describe("the body the monitor form sends for a multi-step check", () => {
  it("sends the help centre's complete example, built by hand, exactly as the article writes it", () => {
    const body = monitorPayload(articleByHand());
    expect(body).toMatchObject({ type: "multi_step", options: articleExample() });
    expect(body).not.toHaveProperty("target");
  });

  it("numbers the steps in the order they are listed, so moving one renumbers them", () => {
    const values = articleByHand();
    const [first, second, ...rest] = values.steps;
    if (!first || !second) throw new Error("The example has steps.");
    const body = monitorPayload({ ...values, steps: [second, first, ...rest] }) as {
      options: { steps: { name: string; order_index: number }[] };
    };
    expect(body.options.steps.slice(0, 3).map((s) => [s.name, s.order_index])).toEqual([
      ["login_ok", 1],
      ["login", 2],
      ["extract_token", 3],
    ]);
  });

  it("sends a wait's seconds and an assertion's expected time as numbers, and a script's source", () => {
    const body = monitorPayload({
      ...defaultFormValues(60),
      type: "multi_step",
      name: "Export",
      steps: [
        step({ name: "pause", type: "wait", seconds: "5" }),
        step({ name: "today", type: "script", source: "vars.today = '2026-11-24';" }),
      ],
    }) as { options: { steps: { config: unknown }[] } };
    expect(body.options.steps.map((s) => s.config)).toEqual([
      { seconds: 5 },
      { source: "vars.today = '2026-11-24';" },
    ]);
  });

  it("opens a saved multi-step monitor with its variables and steps in run order", () => {
    const example = articleExample();
    const monitor = {
      id: "m1",
      type: "multi_step",
      name: "Orders",
      target: "https://api.example.com/v1/auth/login",
      interval_seconds: 300,
      timeout_seconds: 30,
      region: "eu-west",
      regions: ["eu-west"],
      region_rule: "majority",
      failure_threshold: 3,
      recovery_confirmations: 1,
      group_ids: [],
      options: { variables: example.variables, steps: [...example.steps].reverse() },
    } as unknown as MonitorView;
    const values = formValuesFromMonitor(monitor, []);
    expect(values.variables).toEqual(articleByHand().variables);
    expect(values.steps.map((s) => s.name)).toEqual(articleByHand().steps.map((s) => s.name));
    expect(monitorPayload(values)).toMatchObject({ options: example });
  });
});

describe("checking a multi-step check in the form", () => {
  const hobby = getPlan("hobby");

  it("accepts the article's example on Hobby with no target", () => {
    const check = validateMonitorForm(articleByHand(), hobby, 0);
    expect(check.errors).toEqual({});
    expect(check.stepProblems.filter(Boolean)).toEqual([]);
    expect(check.payload).toMatchObject({ type: "multi_step" });
  });

  it("points at the step with no name, the duplicate name and the empty URL", () => {
    const values = articleByHand();
    const steps = values.steps.map((s, i) =>
      i === 1 ? { ...s, name: " " } : i === 2 ? { ...s, name: "login" } : s,
    );
    const withEmptyUrl = steps.map((s) => (s.name === "list_orders" ? { ...s, url: "" } : s));
    const check = validateMonitorForm({ ...values, steps: withEmptyUrl }, hobby, 0);
    expect(check.payload).toBeNull();
    expect(check.stepProblems[1]).toEqual({ message: "Give the step a name.", field: "name" });
    expect(check.stepProblems[2]).toEqual({
      message: 'Two steps are named "login".',
      field: "name",
    });
    expect(check.stepProblems[3]).toEqual({ message: "Give the request a URL.", field: "url" });
    expect(check.errors.steps).toMatch(/Some steps need attention/);
  });

  it("says a number is expected for a status code and a wait is from 1 to 30 seconds", () => {
    const check = validateMonitorForm(
      {
        ...articleByHand(),
        steps: [
          step({ name: "a", url: "https://x.example/" }),
          step({ name: "b", type: "assertion", expected: "" }),
          step({ name: "c", type: "wait", seconds: "45" }),
        ],
      },
      hobby,
      0,
    );
    expect(check.stepProblems.map((p) => p?.field)).toEqual([undefined, "expected", "seconds"]);
  });

  it("refuses two variables with the same name", () => {
    const values = articleByHand();
    const check = validateMonitorForm(
      { ...values, variables: [...values.variables, { name: "username", value: "x" }] },
      hobby,
      0,
    );
    expect(check.errors.variables).toBe('Two variables are named "username".');
  });

  it("says on the Free plan that multi-step checks need Hobby or above", () => {
    const check = validateMonitorForm(articleByHand(), getPlan("free"), 0);
    expect(check.payload).toBeNull();
    expect(check.errors.type).toMatch(/Hobby/);
  });
});
