import { closedPort, type LoopbackServer, startHttpServer } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { markChannelConfirmed } from "../../test/channels.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { checkRecord } from "../../test/monitors.ts";
import { type Receiver, startReceiver } from "../../test/receivers.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { storeCheckBatch } from "../check-intake/store-checks.ts";
import { enqueueMail } from "../mail/outbox.ts";
import type { MailTransport } from "../mail/outgoing-mail.ts";
import { createServiceContext } from "../services/context.ts";

const TOKEN = "metrics-token-for-the-tests-0123456789";
const BEARER = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample line (`name{labels} value`) in a Prometheus text page, if present. */
function sample(page: string, series: string): number | undefined {
  const line = page.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachDatabase("the metrics endpoint when nobody opened it", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(() => app.close());

  it("answers /metrics with a 404 like any unknown address", async () => {
    for (const headers of [{}, BEARER]) {
      const response = await app.inject({ method: "GET", url: "/metrics", headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: "There is nothing at GET /metrics." });
    }
  });
});

describeEachDatabase("the metrics endpoint behind METRICS_TOKEN", (db) => {
  let app: FastifyInstance;
  let target: LoopbackServer;
  let account: Awaited<ReturnType<typeof createTestAccount>>;
  const sent: string[] = [];
  const transport: MailTransport = {
    description: "the tests",
    send: async (mail) => {
      sent.push(mail.to);
    },
    close: async () => {},
  };

  beforeAll(async () => {
    target = await startHttpServer((_request, response) => response.writeHead(200).end("ok"));
    app = await buildTestApp(db(), {
      env: { METRICS_TOKEN: TOKEN, RUN_CHECKS: "true", ALLOW_PRIVATE_TARGETS: "true" },
      mailTransport: transport,
    });
    account = await createTestAccount(db(), "hobby");
  });
  afterAll(async () => {
    await app.close();
    await target.close();
  });

  const scrape = async () => {
    const response = await app.inject({ method: "GET", url: "/metrics", headers: BEARER });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it("refuses a request without the token, or with a wrong one, in words", async () => {
    const missing = await app.inject({ method: "GET", url: "/metrics" });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      detail: "Send the metrics token as Authorization: Bearer <token>.",
    });
    for (const authorization of [`Bearer ${TOKEN}x`, "Bearer short", `Basic ${TOKEN}`]) {
      const wrong = await app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().detail).toMatch(/metrics token/);
    }
  });

  it("answers the bearer of the token in the Prometheus text format with the process metrics", async () => {
    const response = await app.inject({ method: "GET", url: "/metrics", headers: BEARER });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body).toContain("# TYPE upwatch_check_runs_total counter");
    expect(response.body).toContain("# TYPE process_cpu_user_seconds_total counter");
    expect(response.body).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
  });

  it("counts a real check of a loopback server under its type and region", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: account.headers,
      payload: { type: "http", name: "Shop", target: `http://127.0.0.1:${target.port}/` },
    });
    expect(created.statusCode).toBe(201);
    const series = 'upwatch_check_runs_total{type="http",region="us-west-1",outcome="up"}';
    await expect.poll(async () => sample(await scrape(), series), { timeout: 10_000 }).toBe(1);
    await app.monitoringEngine!.flush();
    const page = await scrape();
    expect(sample(page, "upwatch_check_schedule_lag_seconds_count")).toBe(1);
    expect(sample(page, "upwatch_result_batch_size_count")).toBeGreaterThanOrEqual(1);
    expect(sample(page, "upwatch_result_batch_duration_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(sample(page, "upwatch_monitors_scheduled")).toBe(1);
    expect(sample(page, "upwatch_checks_in_flight")).toBe(0);
  });

  it("counts an HTTP request under its route pattern and status, never its address", async () => {
    const missing = "mon_doesnotexist42";
    const response = await app.inject({
      method: "GET",
      url: `/api/v1/monitors/${missing}?secret=1`,
      headers: account.headers,
    });
    expect(response.statusCode).toBe(404);
    await app.inject({ method: "GET", url: "/no/such/page/42" });
    const page = await scrape();
    expect(
      sample(
        page,
        'upwatch_http_requests_total{method="GET",route="/api/v1/monitors/:id",status="404"}',
      ),
    ).toBe(1);
    expect(
      sample(page, 'upwatch_http_requests_total{method="GET",route="unmatched",status="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(page, 'upwatch_http_requests_total{method="GET",route="/metrics",status="401"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(page).not.toContain(missing);
    expect(page).not.toContain("/no/such/page");
  });

  it("shows the mail waiting in the outbox, and none once it is sent", async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    const before = sample(await scrape(), "upwatch_mail_outbox_depth") ?? Number.NaN;
    for (const to of ["a@example.com", "b@example.com"]) {
      await enqueueMail(db().handle.db, ctx, "test", { to, subject: "Hello", text: "Hello." });
    }
    expect(sample(await scrape(), "upwatch_mail_outbox_depth")).toBe(before + 2);
    await app.outbox.drain();
    expect(sent).toEqual(expect.arrayContaining(["a@example.com", "b@example.com"]));
    expect(sample(await scrape(), "upwatch_mail_outbox_depth")).toBe(0);
  });
});

describeEachDatabase("the notification metrics", (db) => {
  let app: FastifyInstance;
  let hooks: Receiver;
  let account: Awaited<ReturnType<typeof createTestAccount>>;
  const transport: MailTransport = {
    description: "the tests",
    send: async () => {},
    close: async () => {},
  };

  beforeAll(async () => {
    hooks = await startReceiver(() => ({ status: 204 }));
    app = await buildTestApp(db(), {
      env: { METRICS_TOKEN: TOKEN, ALLOW_PRIVATE_TARGETS: "true" },
      mailTransport: transport,
    });
    account = await createTestAccount(db(), "hobby");
  });
  afterAll(async () => {
    await app.close();
    await hooks.close();
  });

  const api = async (method: "POST" | "PUT", url: string, payload: object) =>
    (await app.inject({ method, url: `/api/v1${url}`, headers: account.headers, payload })).json();

  it("counts each notification by channel type and outcome, e-mail once the outbox sent it", async () => {
    const unreachable = await closedPort();
    const channels = await Promise.all([
      api("POST", "/channels", { type: "webhook", config: { url: `${hooks.url}/hooks` } }),
      api("POST", "/channels", {
        type: "webhook",
        config: { url: `http://127.0.0.1:${unreachable}/hooks` },
      }),
      api("POST", "/channels", { type: "email", config: { address: "ops@example.com" } }),
    ]);
    await markChannelConfirmed(db(), channels[2].id);
    const monitor = await api("POST", "/monitors", {
      type: "http",
      name: "Checkout",
      target: "http://127.0.0.1:9/",
    });
    await api("PUT", `/monitors/${monitor.id}/channels`, {
      channel_ids: channels.map((channel) => channel.id),
    });
    const wentDown = {
      ...checkRecord(monitor.id, Date.now(), false, 1240),
      transition: "went-down" as const,
    };
    await storeCheckBatch(db().handle.db, [wentDown], app.alerting.engine.hook);
    await app.alerting.worker.drain();
    await app.outbox.drain();

    const page = (await app.inject({ method: "GET", url: "/metrics", headers: BEARER })).body;
    const series = (type: string, outcome: string) =>
      `upwatch_notifications_total{channel_type="${type}",outcome="${outcome}"}`;
    expect(sample(page, series("webhook", "delivered"))).toBe(1);
    expect(sample(page, series("webhook", "failed"))).toBe(1);
    expect(sample(page, series("email", "delivered"))).toBe(1);
  });
});
