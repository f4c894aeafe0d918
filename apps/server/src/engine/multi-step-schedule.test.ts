import { createNetworkAccess } from "@upwatch/checks";
import type { CheckOutcome, CheckSpec, StepResult } from "@upwatch/core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { monitorFromRow } from "../records/monitor-record.ts";
import { placeOf } from "../secrets/secret-box.ts";
import { MonitoringEngine } from "./monitoring-engine.ts";

const PASSWORD = "Kestrel-9041-orders";
const options = {
  variables: { base_url: "https://api.example.com", password: "secure:orders_api_password" },
  steps: [
    {
      name: "login",
      type: "http_request",
      order_index: 1,
      config: { method: "POST", url: "{{base_url}}/login", headers: {}, body: "{{password}}" },
    },
  ],
};
const steps: StepResult[] = [
  {
    name: "login",
    type: "http_request",
    status: "passed",
    path: "normal",
    startedMs: 0,
    durationMs: 41,
    request: { method: "POST", url: "https://api.example.com/login" },
    statusCode: 200,
    timings: { dnsMs: 1, connectMs: 2, tlsMs: 3, firstByteMs: 30 },
    actual: null,
    expected: null,
    variables: null,
    logs: null,
    error: null,
  },
];

describeEachDatabase("scheduling multi-step checks", (db) => {
  const ran: CheckSpec[] = [];
  let engine: MonitoringEngine;
  let accountId: string;

  beforeAll(async () => {
    accountId = (await createTestAccount(db(), "hobby")).accountId;
    engine = new MonitoringEngine({
      db: db().handle.db,
      secrets: TEST_SECRETS,
      network: createNetworkAccess({ allowPrivateTargets: true }),
      concurrency: 4,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      run: async (spec): Promise<CheckOutcome> => {
        ran.push(spec);
        return {
          status: "up",
          responseTimeMs: 41,
          timings: { dnsMs: 1, connectMs: 2, tlsMs: 3, firstByteMs: 30 },
          statusCode: 200,
          error: null,
          steps,
        };
      },
    });
    await engine.start();
  });
  afterAll(() => engine.stop());

  async function storeMonitor(id: string, intervalSeconds: number) {
    const at = Date.now();
    await db()
      .handle.db.insertInto("monitors")
      .values({
        id,
        account_id: accountId,
        name: "Orders API",
        type: "multi_step",
        target: "https://api.example.com/login",
        interval_seconds: intervalSeconds,
        timeout_seconds: 30,
        region: "us-west-1",
        failure_threshold: 3,
        recovery_confirmations: 1,
        paused: 0,
        options: JSON.stringify(options),
        state: "unknown",
        consecutive_failures: 0,
        consecutive_successes: 0,
        last_checked_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const row = await db()
      .handle.db.selectFrom("monitors")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return monitorFromRow(row, TEST_SECRETS);
  }

  it("runs a multi-step check with the secure values it refers to and its whole-run limit", async () => {
    const at = Date.now();
    await db()
      .handle.db.insertInto("secure_variables")
      .values({
        id: "sv_orders",
        account_id: accountId,
        name: "orders_api_password",
        value: TEST_SECRETS.seal(PASSWORD, placeOf("secure_variables", "value", "sv_orders")),
        created_at: at,
        updated_at: at,
      })
      .execute();
    const monitor = await storeMonitor("mon_orders", 300);
    expect((await engine.checkNow(monitor, 0)).outcome).toBe("checked");
    expect(ran.at(-1)).toMatchObject({
      type: "multi_step",
      timeoutMs: 30_000,
      runLimitMs: 120_000,
      secureValues: { orders_api_password: PASSWORD },
    });
  });

  it("bounds the run by the interval when it is shorter than two minutes", async () => {
    const monitor = await storeMonitor("mon_orders_fast", 60);
    expect((await engine.checkNow(monitor, 0)).outcome).toBe("checked");
    expect(ran.at(-1)).toMatchObject({ runLimitMs: 60_000 });
  });

  it("stores each run's steps with the check", async () => {
    const rows = await db()
      .handle.db.selectFrom("check_results")
      .select(["monitor_id", "steps"])
      .where("monitor_id", "=", "mon_orders")
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.steps!)).toEqual(steps);
  });
});
