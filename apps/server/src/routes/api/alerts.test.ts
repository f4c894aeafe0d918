import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { type AlertingHarness, createAlertingHarness } from "../../../test/alerting.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { createDependency } from "../../services/dependencies/create-dependency.ts";

const MINUTE = 60_000;

describeEachDatabase("the alerts API", (db) => {
  let app: FastifyInstance;
  let h: AlertingHarness;
  let stranger: Awaited<ReturnType<typeof createTestAccount>>;

  beforeAll(async () => {
    h = await createAlertingHarness(db());
    app = await buildTestApp(db(), { ctx: h.ctx });
    stranger = await createTestAccount(db(), "hobby");
  });
  afterAll(() => app.close());

  const call = async (
    method: "GET" | "POST",
    url: string,
    headers: Record<string, string> = h.account.headers,
  ) => {
    const response = await app.inject({ method, url: `/api/v1${url}`, headers });
    return { status: response.statusCode, body: response.json() };
  };

  it("lists alerts newest first, filtered by state and severity, and reads one", async () => {
    const api = await h.monitor("API", { failureThreshold: 1 });
    const shop = await h.monitor("Shop certificate", { type: "ssl" });
    await h.check(api.id, false);
    h.clock.now += MINUTE;
    await h.check(shop.id, true, {
      statusCode: null,
      certificate: { fingerprint: "AB:CD", validTo: h.clock.now + 20 * 24 * 60 * MINUTE },
    });
    const all = (await call("GET", "/alerts")).body;
    expect(all.data.map((a: { severity: string }) => a.severity)).toEqual(["warning", "critical"]);
    expect(all.next_before).toBeNull();
    const critical = (await call("GET", "/alerts?severity=critical&state=open")).body.data;
    expect(critical).toEqual([
      {
        id: expect.stringMatching(/^alt_/),
        monitor_id: api.id,
        agent_id: null,
        subject: { type: "monitor", id: api.id, name: "API" },
        incident_id: expect.stringMatching(/^inc_/),
        kind: "monitor-down",
        severity: "critical",
        state: "open",
        message: "Expected a 2xx or 3xx status but the server answered 503.",
        opened_at: new Date(h.clock.now - MINUTE).toISOString(),
        acknowledged_at: null,
        resolved_at: null,
        resolution: null,
        notifications_sent: 1,
        next_notification_at: new Date(h.clock.now + 9 * MINUTE).toISOString(),
        suppressed: false,
        suppressed_by: [],
        held_by: [],
        held_by_maintenance: null,
      },
    ]);
    expect((await call("GET", `/alerts/${critical[0].id}`)).body).toEqual(critical[0]);
    const page = (await call("GET", "/alerts?limit=1")).body;
    expect(page.data).toHaveLength(1);
    const next = (await call("GET", `/alerts?limit=1&before=${page.next_before}`)).body;
    expect(next.data[0].id).toBe(critical[0].id);
    expect((await call("GET", "/alerts?state=closed")).body).toEqual({
      detail: "state must be one of open, acknowledged, resolved.",
    });
    expect((await call("GET", "/alerts", stranger.headers)).body.data).toEqual([]);
    expect((await call("GET", `/alerts/${critical[0].id}`, stranger.headers)).status).toBe(404);
  });

  it("acknowledges and resolves alerts, and says why a resolved alert cannot be acknowledged", async () => {
    const monitor = await h.monitor("Queue", { failureThreshold: 1 });
    await h.check(monitor.id, false);
    const [alert] = await h.alerts(monitor.id);
    expect((await call("POST", `/alerts/${alert!.id}/acknowledge`, stranger.headers)).status).toBe(
      404,
    );
    const acknowledged = await call("POST", `/alerts/${alert!.id}/acknowledge`);
    expect(acknowledged.body).toMatchObject({
      state: "acknowledged",
      acknowledged_at: new Date(h.clock.now).toISOString(),
      next_notification_at: null,
    });
    expect(
      (await call("GET", "/alerts?state=acknowledged")).body.data.map((a: { id: string }) => a.id),
    ).toContain(alert!.id);
    expect((await call("POST", `/alerts/${alert!.id}/acknowledge`)).status).toBe(200);
    const resolved = await call("POST", `/alerts/${alert!.id}/resolve`);
    expect(resolved.body).toMatchObject({ state: "resolved", resolution: "by-hand" });
    expect(await call("POST", `/alerts/${alert!.id}/acknowledge`)).toEqual({
      status: 409,
      body: { detail: "This alert is already resolved; there is nothing to acknowledge." },
    });
    expect((await call("POST", `/alerts/${alert!.id}/resolve`)).status).toBe(200);
  });

  it("shows a child's alert as suppressed by the parents that are down, naming them", async () => {
    const gateway = await h.monitor("Gateway", { failureThreshold: 1 });
    const backup = await h.monitor("Backup gateway", { failureThreshold: 1 });
    const printer = await h.monitor("Printer", { failureThreshold: 1 });
    for (const parent of [gateway, backup]) {
      await createDependency(h.ctx, h.access, {
        child_monitor_id: printer.id,
        parent_monitor_id: parent.id,
      });
    }
    await h.check(gateway.id, false);
    await h.check(backup.id, false);
    await h.check(printer.id, false);
    const [alert] = (await call("GET", `/alerts?monitor_id=${printer.id}`)).body.data;
    expect(alert).toMatchObject({
      state: "open",
      notifications_sent: 0,
      suppressed: true,
      suppressed_by: [backup.id, gateway.id],
      held_by: [
        { monitor_id: backup.id, name: "Backup gateway" },
        { monitor_id: gateway.id, name: "Gateway" },
      ],
    });
    const incidents = (await call("GET", `/monitors/${printer.id}/incidents`)).body.data;
    expect(incidents).toEqual([
      {
        id: alert.incident_id,
        monitor_id: printer.id,
        started_at: alert.opened_at,
        ended_at: null,
        cause: "Expected a 2xx or 3xx status but the server answered 503.",
        status_code: 503,
      },
    ]);
  });

  it("has a page per alert that shows it and acknowledges it with a button", async () => {
    const monitor = await h.monitor("Checkout", { failureThreshold: 1 });
    await h.check(monitor.id, false);
    const [alert] = await h.alerts(monitor.id);
    const page = await app.inject({ method: "GET", url: `/a/${alert!.page_token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain("Checkout: open alert");
    expect(page.body).toContain(`<form method="post" action="/a/${alert!.page_token}">`);
    expect((await h.alerts(monitor.id))[0]!.acknowledged_at).toBeNull();
    const acknowledged = await app.inject({ method: "POST", url: `/a/${alert!.page_token}` });
    expect(acknowledged.body).toContain("Checkout: acknowledged alert");
    expect((await h.alerts(monitor.id))[0]!.acknowledged_at).toBe(h.clock.now);
    const missing = await app.inject({ method: "GET", url: "/a/not-a-real-token" });
    expect(missing.statusCode).toBe(404);
  });
});
