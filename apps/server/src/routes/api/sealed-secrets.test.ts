import { type LoopbackServer, startHttpServer } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { checkRecord } from "../../../test/monitors.ts";
import { type Receiver, startReceiver } from "../../../test/receivers.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { verifyUpwatchSignature } from "../../../test/webhook-verification.ts";
import { storeCheckBatch } from "../../check-intake/store-checks.ts";
import { createServiceContext } from "../../services/context.ts";

const TOKEN = "bearer-token-of-the-target-7f3a";

describeEachDatabase("monitor credentials sealed at rest", (db) => {
  let app: FastifyInstance;
  let hooks: Receiver;
  let target: LoopbackServer;
  let account: Awaited<ReturnType<typeof createTestAccount>>;
  const clock = { now: Date.now() };

  beforeAll(async () => {
    hooks = await startReceiver(() => ({ status: 204 }));
    target = await startHttpServer((request, response) =>
      response.writeHead(request.headers.authorization === `Bearer ${TOKEN}` ? 200 : 401).end(),
    );
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock.now });
    app = await buildTestApp(db(), {
      ctx,
      env: { RUN_CHECKS: "true", ALLOW_PRIVATE_TARGETS: "true" },
    });
    account = await createTestAccount(db(), "hobby", ctx);
  });
  afterAll(async () => {
    await app.close();
    await hooks.close();
    await target.close();
  });

  const api = async (method: "GET" | "POST" | "PUT", url: string, payload?: object) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };

  it("keeps a monitor's bearer token out of the stored row, and still sends it with the check", async () => {
    const create = (token: string) =>
      api("POST", "/monitors", {
        type: "http",
        name: `Bearer ${token.length}`,
        target: `http://127.0.0.1:${target.port}/`,
        options: { auth: { type: "bearer", token } },
      });
    const good = (await create(TOKEN)).body;
    const bad = (await create("not-the-token")).body;
    const row = await db()
      .handle.db.selectFrom("monitors")
      .select("options")
      .where("id", "=", good.id)
      .executeTakeFirstOrThrow();
    expect(row.options).toMatch(/^enc:v1:/);
    expect(row.options).not.toContain(TOKEN);
    expect(good.options.auth).toEqual({ type: "bearer", token: "********" });

    for (const monitor of [good, bad]) {
      await expect
        .poll(async () => (await api("GET", `/monitors/${monitor.id}/checks`)).body.data.length)
        .toBeGreaterThan(0);
    }
    clock.now += 10_000;
    expect((await api("POST", `/monitors/${good.id}/check`)).body).toMatchObject({
      status: "up",
      status_code: 200,
    });
    expect((await api("POST", `/monitors/${bad.id}/check`)).body).toMatchObject({
      status: "down",
      status_code: 401,
    });
  });
});

describeEachDatabase("channel secrets sealed at rest", (db) => {
  let app: FastifyInstance;
  let hooks: Receiver;
  let account: Awaited<ReturnType<typeof createTestAccount>>;
  const clock = { now: Date.now() };

  beforeAll(async () => {
    hooks = await startReceiver(() => ({ status: 204 }));
    app = await buildTestApp(db(), { env: { ALLOW_PRIVATE_TARGETS: "true" } });
    account = await createTestAccount(db(), "hobby");
  });
  afterAll(async () => {
    await app.close();
    await hooks.close();
  });

  const api = async (method: "GET" | "POST" | "PUT", url: string, payload?: object) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };

  it("keeps a webhook's URL and signing secret out of the stored row, and still signs deliveries with it", async () => {
    const webhook = (
      await api("POST", "/channels", { type: "webhook", config: { url: `${hooks.url}/in` } })
    ).body;
    const row = await db()
      .handle.db.selectFrom("channels")
      .select(["config", "secret"])
      .where("id", "=", webhook.id)
      .executeTakeFirstOrThrow();
    expect(row.config).toMatch(/^enc:v1:/);
    expect(row.secret).toMatch(/^enc:v1:/);
    expect(row.config).not.toContain(String(hooks.port));
    expect(row.secret).not.toContain(webhook.signing_secret.slice("whsec_".length));
    expect((await api("GET", `/channels/${webhook.id}`)).body.config.url).toBe(`${hooks.url}/in`);

    const monitor = (
      await api("POST", "/monitors", {
        type: "http",
        name: "Sealed",
        target: "http://127.0.0.1:9/",
      })
    ).body;
    await api("PUT", `/monitors/${monitor.id}/channels`, { channel_ids: [webhook.id] });
    const down = {
      ...checkRecord(monitor.id, clock.now, false, 900),
      transition: "went-down" as const,
    };
    await storeCheckBatch(db().handle.db, [down], app.alerting.engine.hook);
    app.alerting.engine.afterCommit();
    await app.alerting.worker.drain();
    const delivered = hooks.received.find((request) => request.path === "/in");
    expect(delivered).toBeDefined();
    expect(
      verifyUpwatchSignature(webhook.signing_secret, delivered!.headers, delivered!.body),
    ).toBe(true);
  });
});
