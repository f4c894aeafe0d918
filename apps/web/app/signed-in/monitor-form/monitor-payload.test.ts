import type { MonitorView } from "@upwatch/api";
import { createMonitorSchema } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { defaultFormValues, formValuesFromMonitor, type MonitorFormValues } from "./form-values.ts";
import { monitorPayload } from "./monitor-payload.ts";

function values(changes: Partial<MonitorFormValues>): MonitorFormValues {
  return { ...defaultFormValues(60), name: "Check", ...changes };
}

describe("the body the monitor form sends", () => {
  it("sends a DNS lookup's record type, expected value and resolver, empty ones as null", () => {
    const body = monitorPayload(
      values({
        type: "dns",
        target: "example.com",
        record_type: "MX",
        expected_value: " 10 mx.example.com ",
      }),
    );
    expect(body).toMatchObject({
      type: "dns",
      options: { record_type: "MX", expected_value: "10 mx.example.com", resolver: null },
    });
    expect(createMonitorSchema.safeParse(body).success).toBe(true);
  });

  it("sends an SSL monitor's margin as a number and a keyword monitor's text and rule", () => {
    expect(
      monitorPayload(values({ type: "ssl", target: "example.com", min_days_remaining: "21" })),
    ).toMatchObject({
      options: { min_days_remaining: 21 },
    });
    const keyword = monitorPayload(
      values({
        type: "keyword",
        target: "https://example.com/",
        keyword: "Maintenance",
        keyword_mode: "absent",
        case_sensitive: false,
      }),
    );
    expect(keyword).toMatchObject({
      options: {
        keyword: "Maintenance",
        keyword_mode: "absent",
        case_sensitive: false,
        method: "GET",
      },
    });
    expect(createMonitorSchema.safeParse(keyword).success).toBe(true);
  });

  it("sends a body only with methods that carry one, and leaves out blank header rows", () => {
    const get = monitorPayload(values({ target: "https://example.com/", body: "{}" }));
    expect(get).toMatchObject({ options: { body: null } });
    const post = monitorPayload(
      values({
        target: "https://example.com/",
        method: "POST",
        body: '{"ping":true}',
        headers: [
          { name: "X-Probe", value: "1", secret: false },
          { name: " ", value: "", secret: false },
        ],
        auth_type: "bearer",
        auth_token: "secret",
      }),
    );
    expect(post).toMatchObject({
      options: {
        body: '{"ping":true}',
        headers: { "X-Probe": "1" },
        auth: { type: "bearer", token: "secret" },
      },
    });
  });

  it("gives an edited monitor back its own settings, the masked password included, so saving unchanged changes nothing", () => {
    const monitor: MonitorView = {
      id: "mon_1",
      name: "Admin",
      type: "http",
      target: "https://example.com/admin",
      interval_seconds: 120,
      timeout_seconds: 20,
      region: "eu-west-1",
      regions: ["eu-west-1", "us-west-2"],
      region_rule: "all",
      unserved_regions: [],
      run_from: "regions",
      agent_id: null,
      agent: null,
      runner_problem: null,
      failure_threshold: 2,
      recovery_confirmations: 3,
      paused: false,
      group_ids: ["grp_back_office"],
      options: {
        method: "HEAD",
        headers: { "X-Probe": "1" },
        body: null,
        auth: { type: "basic", username: "ops", password: "********" },
        expected_status_codes: [200, 401],
        follow_redirects: false,
        verify_tls: true,
      },
      heartbeat: null,
      state: "up",
      consecutive_failures: 0,
      last_checked_at: null,
      created_at: "2026-11-21T00:00:00.000Z",
      updated_at: "2026-11-21T00:00:00.000Z",
    };
    const body = monitorPayload(formValuesFromMonitor(monitor, []));
    expect(body).toEqual({
      type: "http",
      name: "Admin",
      target: "https://example.com/admin",
      interval_seconds: 120,
      timeout_seconds: 20,
      regions: ["eu-west-1", "us-west-2"],
      region_rule: "all",
      agent_id: null,
      failure_threshold: 2,
      recovery_confirmations: 3,
      group_ids: ["grp_back_office"],
      options: monitor.options,
    });
  });

  it("sends a header ticked Secret as a marked value, and gives masked headers back as shown", () => {
    const post = monitorPayload(
      values({
        target: "https://example.com/",
        headers: [
          { name: "X-Tenant", value: "acme", secret: true },
          { name: "X-Probe", value: "1", secret: false },
        ],
      }),
    );
    expect(post).toMatchObject({
      options: { headers: { "X-Tenant": { value: "acme", secret: true }, "X-Probe": "1" } },
    });
    const shown = { "X-Api-Key": "********", "X-Tenant": { value: "********", secret: true } };
    const monitor = {
      ...(post as unknown as MonitorView),
      id: "mon_2",
      options: { ...(post as { options: object }).options, headers: shown },
    } as MonitorView;
    const form = formValuesFromMonitor(monitor, []);
    expect(form.headers).toEqual([
      { name: "X-Api-Key", value: "********", secret: false },
      { name: "X-Tenant", value: "********", secret: true },
    ]);
    expect(monitorPayload(form)).toMatchObject({ options: { headers: shown } });
  });
});
