import { type LoopbackServer, startHttpServer } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createServiceContext } from "../../services/context.ts";

const CHECKING = { RUN_CHECKS: "true", ALLOW_PRIVATE_TARGETS: "true" };

describeEachDatabase("checking a monitor now", (db) => {
  let app: FastifyInstance;
  let target: LoopbackServer;
  let account: Awaited<ReturnType<typeof createTestAccount>>;
  let other: Awaited<ReturnType<typeof createTestAccount>>;
  let monitorId: string;
  const clock = { now: Date.UTC(2027, 0, 15, 8) };

  beforeAll(async () => {
    target = await startHttpServer((_request, response) => response.writeHead(200).end("ok"));
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock.now });
    app = await buildTestApp(db(), { ctx, env: CHECKING });
    account = await createTestAccount(db(), "hobby", ctx);
    other = await createTestAccount(db(), "hobby", ctx);
  });
  afterAll(async () => {
    await app.close();
    await target.close();
  });

  const api = (method: "GET" | "POST", url: string, payload?: object, headers = account.headers) =>
    app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const checkNow = (id = monitorId, headers = account.headers) =>
    api("POST", `/monitors/${id}/check`, undefined, headers);

  it("refuses to check a paused monitor", async () => {
    const created = await api("POST", "/monitors", {
      type: "http",
      name: "Shop",
      target: `http://127.0.0.1:${target.port}/health`,
      interval_seconds: 600,
      failure_threshold: 1,
      paused: true,
    });
    monitorId = created.json().id;
    const response = await checkNow();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: "This monitor is paused. Resume it to check it." });
  });

  it("checks a resumed monitor at once and answers with the stored result", async () => {
    await api("POST", `/monitors/${monitorId}/resume`);
    // Resuming a monitor never checked runs its first check at once; this one joins or follows it.
    await expect
      .poll(async () => {
        await app.monitoringEngine!.flush();
        return (await api("GET", `/monitors/${monitorId}/checks`)).json().data.length;
      })
      .toBe(1);
    clock.now += 10_000;
    const response = await checkNow();
    expect(response.statusCode).toBe(200);
    const check = response.json();
    expect(check).toMatchObject({
      checked_at: new Date(clock.now).toISOString(),
      status: "up",
      status_code: 200,
      error: null,
      region: "us-west-1",
    });
    expect(check.timings).not.toBeNull();
    const stored = (await api("GET", `/monitors/${monitorId}/checks`)).json().data;
    expect(stored[0]).toEqual(check);
    expect(stored).toHaveLength(2);
  });

  it("refuses a second check within five seconds", async () => {
    const response = await checkNow();
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      detail: "This monitor was checked a moment ago; wait a few seconds.",
    });
    clock.now += 4_000;
    expect((await checkNow()).statusCode).toBe(429);
  });

  it("finds the target gone, marks the monitor down and opens its alert like a scheduled check", async () => {
    await target.close();
    clock.now += 10_000;
    const response = await checkNow();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "down", status_code: null });
    expect(response.json().error).toContain("refused");
    expect((await api("GET", `/monitors/${monitorId}`)).json()).toMatchObject({
      state: "down",
      consecutive_failures: 1,
    });
    const alerts = (await api("GET", `/alerts?monitor_id=${monitorId}`)).json().data;
    expect(alerts).toMatchObject([{ state: "open", kind: "monitor-down", severity: "critical" }]);
    const incidents = (await api("GET", `/monitors/${monitorId}/incidents`)).json().data;
    expect(incidents).toHaveLength(1);
  });

  it("does not find another account's monitor or an unknown one", async () => {
    clock.now += 10_000;
    expect((await checkNow(monitorId, other.headers)).statusCode).toBe(404);
    const missing = await checkNow("mon_missing");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: "There is no monitor with that id." });
  });
});

describeEachDatabase("checking now on a server that does not run checks", (db) => {
  it("answers 503 with a sentence", async () => {
    const app = await buildTestApp(db());
    const account = await createTestAccount(db(), "hobby");
    const monitor = (
      await app.inject({
        method: "POST",
        url: "/api/v1/monitors",
        headers: account.headers,
        payload: { type: "http", name: "Site", target: "https://example.com/" },
      })
    ).json();
    const response = await app.inject({
      method: "POST",
      url: `/api/v1/monitors/${monitor.id}/check`,
      headers: account.headers,
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: "This server does not run checks, so it cannot check now.",
    });
    await app.close();
  });
});
