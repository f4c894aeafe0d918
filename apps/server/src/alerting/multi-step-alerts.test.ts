import type { CheckOutcome, StepResult } from "@upwatch/core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { jsonApi, webhookForNewMonitors } from "../../test/live-alerting.ts";
import { type Receiver, startReceiver } from "../../test/receivers.ts";

const SENTENCE = 'Step "orders_status": expected status 200, got 503';
const step = (name: string, changes: Partial<StepResult>): StepResult => ({
  name,
  type: "assertion",
  status: "passed",
  path: "normal",
  startedMs: 0,
  durationMs: 0,
  request: null,
  statusCode: null,
  timings: null,
  actual: null,
  expected: null,
  variables: null,
  logs: null,
  error: null,
  ...changes,
});
const steps: StepResult[] = [
  step("list_orders", {
    type: "http_request",
    durationMs: 35,
    request: { method: "GET", url: "https://api.example.com/v1/orders?limit=5" },
    statusCode: 503,
  }),
  step("orders_status", {
    status: "failed",
    startedMs: 35,
    statusCode: 503,
    actual: "503",
    expected: "200",
    error: "expected status 200, got 503",
  }),
];
// What the step runner answers for a run whose orders endpoint is down.
const failedRun: CheckOutcome = {
  status: "down",
  responseTimeMs: 35,
  timings: { dnsMs: null, connectMs: null, tlsMs: null, firstByteMs: null },
  statusCode: 503,
  error: SENTENCE,
  steps,
};

describeEachDatabase("alerts of multi-step checks", (db) => {
  let app: FastifyInstance;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver(() => ({ status: 204 }));
    app = await buildTestApp(db(), {
      env: { RUN_CHECKS: "true", ALLOW_PRIVATE_TARGETS: "true" },
      startAlerting: true,
      runCheck: async (spec) =>
        spec.type === "multi_step" ? failedRun : { ...failedRun, steps: undefined },
    });
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it("name the failing step in the check, the alert and the webhook, whose monitor type is multi_step", async () => {
    const account = await createTestAccount(db(), "hobby");
    const api = jsonApi(app, account.headers);
    await api("POST", "/channels", webhookForNewMonitors(receiver));
    const at = Date.now();
    // Stored as the monitors API stores a multi-step check; the engine reads it from here.
    await db()
      .handle.db.insertInto("monitors")
      .values({
        id: "mon_orders",
        account_id: account.accountId,
        name: "Orders API",
        type: "multi_step",
        target: "https://api.example.com/v1/auth/login",
        interval_seconds: 300,
        timeout_seconds: 30,
        region: "us-west-1",
        failure_threshold: 1,
        recovery_confirmations: 1,
        paused: 0,
        options: JSON.stringify({ variables: {}, steps: [] }),
        state: "unknown",
        consecutive_failures: 0,
        consecutive_successes: 0,
        last_checked_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db()
      .handle.db.insertInto("monitor_channels")
      .columns(["monitor_id", "channel_id"])
      .expression((eb) =>
        eb
          .selectFrom("channels")
          .select([eb.val("mon_orders").as("monitor_id"), "id as channel_id"])
          .where("account_id", "=", account.accountId),
      )
      .execute();
    const checked = await api("POST", "/monitors/mon_orders/check");
    expect(checked).toMatchObject({ status: "down", error: SENTENCE, steps });
    const checks = await api("GET", "/monitors/mon_orders/checks");
    expect(checks.data).toMatchObject([{ status: "down", error: SENTENCE, steps }]);
    const alerts = await api("GET", "/alerts?monitor_id=mon_orders");
    expect(alerts.data).toHaveLength(1);
    expect(alerts.data[0].message).toContain(SENTENCE);
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      event: "monitor.down",
      monitor: { id: "mon_orders", name: "Orders API", type: "multi_step" },
      alert: { message: expect.stringContaining(SENTENCE), response_code: 503 },
    });
  });
});
