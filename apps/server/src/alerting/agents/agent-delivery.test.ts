import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { type Receiver, startReceiver } from "../../../test/receivers.ts";
import { verifyUpwatchSignature } from "../../../test/webhook-verification.ts";
import { declareSilentAgentsOffline } from "./offline-alerts.ts";

describeEachDatabase("agent alerts delivered", (db) => {
  let app: FastifyInstance;
  let hooks: Receiver;
  let account: Awaited<ReturnType<typeof createTestAccount>>;

  beforeAll(async () => {
    hooks = await startReceiver(() => ({ status: 204 }));
    app = await buildTestApp(db(), { env: { ALLOW_PRIVATE_TARGETS: "true" } });
    account = await createTestAccount(db(), "business");
  });
  afterAll(async () => {
    await app.close();
    await hooks.close();
  });

  const api = async (method: "GET" | "POST", url: string, payload?: object) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };

  it("posts a signed agent payload, logs the delivery with the agent and lists the alert by agent", async () => {
    const webhook = (
      await api("POST", "/channels", { type: "webhook", config: { url: `${hooks.url}/agents` } })
    ).body;
    const now = Date.now();
    const agentId = "agt_delivery_test_1";
    await db()
      .handle.db.insertInto("agents")
      .values({
        id: agentId,
        account_id: account.accountId,
        name: "db-primary",
        os: "linux",
        key_lookup: "lookup000001",
        key_hash: "0".repeat(64),
        key_created_at: now - 3_600_000,
        key_revoked_at: null,
        offline_after_minutes: 5,
        hostname: "db1.internal",
        platform: "Debian 12",
        arch: "x64",
        version: "2.0.0",
        capabilities: "[]",
        reported_config: null,
        latest_report: null,
        first_report_at: now - 3_600_000,
        last_report_at: now - 600_000,
        offline_since: null,
        created_at: now - 3_600_000,
        updated_at: now,
      })
      .execute();
    await db()
      .handle.db.insertInto("agent_channels")
      .values({ agent_id: agentId, channel_id: webhook.id })
      .execute();

    // As a watch running for an hour sees it (a new watch counts silence from its start).
    const watchStartedAt = now - 3_600_000;
    const declared = await declareSilentAgentsOffline(
      db().handle.db,
      app.alerting.hooks.actx,
      watchStartedAt,
    );
    expect(declared.offline).toBe(1);
    await app.alerting.worker.drain();
    const hook = hooks.received.find((r) => r.path === "/agents")!;
    expect(verifyUpwatchSignature(webhook.signing_secret, hook.headers, hook.body)).toBe(true);
    const payload = JSON.parse(hook.body);
    expect(payload).toEqual({
      event: "agent.offline",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      agent: { id: agentId, name: "db-primary", hostname: "db1.internal", os: "linux" },
      alert: {
        id: expect.stringMatching(/^alt_/),
        severity: "critical",
        message: "db-primary has not reported for 5 minutes.",
        kind: "agent-offline",
        value: null,
        threshold: null,
        subject: null,
      },
      metadata: { rule_id: null, offline_after_minutes: 5 },
    });
    expect(payload).not.toHaveProperty("monitor");

    const logged = await db()
      .handle.db.selectFrom("notification_deliveries")
      .selectAll()
      .where("alert_id", "=", payload.alert.id)
      .execute();
    expect(logged).toMatchObject([{ agent_id: agentId, monitor_id: null, event: "agent.offline" }]);
    const deliveries = (await api("GET", `/notifications?alert_id=${payload.alert.id}`)).body.data;
    expect(deliveries).toMatchObject([
      { agent_id: agentId, monitor_id: null, status: "delivered" },
    ]);

    const listed = (await api("GET", `/alerts?agent_id=${agentId}`)).body.data;
    expect(listed).toMatchObject([
      {
        id: payload.alert.id,
        monitor_id: null,
        agent_id: agentId,
        subject: { type: "agent", id: agentId, name: "db-primary" },
        kind: "agent-offline",
      },
    ]);
    const acknowledged = await api("POST", `/alerts/${payload.alert.id}/acknowledge`);
    expect(acknowledged.body).toMatchObject({ state: "acknowledged", agent_id: agentId });
    const resolved = await api("POST", `/alerts/${payload.alert.id}/resolve`);
    expect(resolved.body).toMatchObject({ state: "resolved", resolution: "by-hand" });
  });
});
