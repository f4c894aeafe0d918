import { createNetworkAccess } from "@upwatch/checks";
import { agentTaskDeadline, type CheckOutcome, type CheckSpec } from "@upwatch/core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { createTestAgent } from "../../test/agents.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { openTaskSpec } from "../records/agent-task-spec.ts";
import { type Monitor, monitorFromRow } from "../records/monitor-record.ts";
import { placeOf } from "../secrets/secret-box.ts";
import { MonitoringEngine } from "./monitoring-engine.ts";

const HOUR = 3_600_000;

describeEachDatabase("planning the checks of agent-run monitors", (db) => {
  const ran: CheckSpec[] = [];
  let clock = Date.UTC(2026, 10, 24, 9, 0, 0);
  let ids = 0;
  let engine: MonitoringEngine;
  let accountId: string;

  beforeAll(async () => {
    accountId = (await createTestAccount(db(), "business")).accountId;
    engine = new MonitoringEngine({
      db: db().handle.db,
      secrets: TEST_SECRETS,
      network: createNetworkAccess({ allowPrivateTargets: true }),
      concurrency: 4,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      now: () => clock,
      newId: (prefix) => `${prefix}_plan${++ids}`,
      taskFlushIntervalMs: 3_600_000,
      run: async (spec): Promise<CheckOutcome> => {
        ran.push(spec);
        return {
          status: "up",
          responseTimeMs: 1,
          timings: { dnsMs: 0, connectMs: 0, tlsMs: null, firstByteMs: 1 },
          statusCode: 200,
          error: null,
        };
      },
    });
    await engine.start();
  });
  afterAll(() => engine.stop());

  async function capableAgent(name: string, ofAccount = accountId) {
    const agent = await createTestAgent(db().handle.db, ofAccount, name);
    await db()
      .handle.db.updateTable("agents")
      .set({ version: "2.1.0", capabilities: JSON.stringify(["proxy-checks"]) })
      .where("id", "=", agent.id)
      .execute();
    return agent.id;
  }

  async function storeMonitor(
    id: string,
    name: string,
    agentId: string,
    ofAccount = accountId,
  ): Promise<Monitor> {
    await db()
      .handle.db.insertInto("monitors")
      .values({
        id,
        account_id: ofAccount,
        name,
        type: "http",
        target: "http://10.0.0.5/health",
        interval_seconds: 3600,
        timeout_seconds: 10,
        region: "us-west-1",
        run_from: "agent",
        agent_id: agentId,
        failure_threshold: 1,
        recovery_confirmations: 1,
        paused: 0,
        options: TEST_SECRETS.seal(
          JSON.stringify({ method: "GET" }),
          placeOf("monitors", "options", id),
        ),
        state: "unknown",
        consecutive_failures: 0,
        consecutive_successes: 0,
        last_checked_at: null,
        created_at: clock,
        updated_at: clock,
      })
      .execute();
    return readMonitor(id);
  }

  async function readMonitor(id: string): Promise<Monitor> {
    const row = await db()
      .handle.db.selectFrom("monitors")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return monitorFromRow(row, TEST_SECRETS);
  }

  /** Tells the engine of the monitor as a saved change would; a fresh monitor is planned now. */
  async function planNow(monitor: Monitor) {
    engine.saved({ ...monitor, updated_at: clock });
    await engine.flush();
  }

  const tasksOf = (monitorId: string) =>
    db()
      .handle.db.selectFrom("agent_tasks")
      .selectAll()
      .where("monitor_id", "=", monitorId)
      .orderBy("planned_at")
      .execute();
  const missedOf = (monitorId: string) =>
    db()
      .handle.db.selectFrom("missed_checks")
      .selectAll()
      .where("monitor_id", "=", monitorId)
      .orderBy("planned_at")
      .execute();
  const alertsOf = (monitorId: string) =>
    db()
      .handle.db.selectFrom("alerts")
      .selectAll()
      .where("monitor_id", "=", monitorId)
      .where("kind", "=", "monitor-no-agent")
      .orderBy("opened_at")
      .execute();

  it("makes each planned time of an agent-run monitor one pending task and never checks it here", async () => {
    const agentId = await capableAgent("intranet-gw");
    const monitor = await storeMonitor("mon_intranet", "Intranet", agentId);
    const first = clock;
    await planNow(monitor);
    await planNow(monitor);
    clock += HOUR;
    await planNow(monitor);

    const tasks = await tasksOf(monitor.id);
    expect(tasks.map((task) => task.planned_at)).toEqual([first, first + HOUR]);
    expect(tasks[0]).toMatchObject({
      account_id: accountId,
      agent_id: agentId,
      kind: "check",
      state: "pending",
      check_type: "http",
      deadline_at: agentTaskDeadline(first, 10_000),
      dispatch_count: 0,
    });
    expect(openTaskSpec(TEST_SECRETS, tasks[0]!.id, tasks[0]!.spec)).toMatchObject({
      type: "http",
      target: "http://10.0.0.5/health",
      timeoutMs: 10_000,
      options: { method: "GET" },
    });
    expect(ran).toEqual([]);
    expect((await engine.checkNow(monitor, 0)).outcome).toBe("not-run");
    await engine.closeDueRounds();
    const checks = await db()
      .handle.db.selectFrom("check_results")
      .select("region")
      .where("monitor_id", "=", monitor.id)
      .execute();
    expect(checks).toEqual([]);
    expect(await missedOf(monitor.id)).toEqual([]);
    expect(engine.counters().openRounds).toBe(0);
  });

  it("records the checks of a monitor whose agent's key was revoked as missed and opens one alert naming the agent", async () => {
    const agentId = await capableAgent("db-primary");
    const monitor = await storeMonitor("mon_revoked", "Payroll", agentId);
    await db()
      .handle.db.updateTable("agents")
      .set({ key_hash: null, key_lookup: null, key_revoked_at: clock })
      .where("id", "=", agentId)
      .execute();
    clock += HOUR;
    const first = clock;
    await planNow(monitor);
    clock += HOUR;
    await planNow(monitor);

    expect(await tasksOf(monitor.id)).toEqual([]);
    expect(await missedOf(monitor.id)).toEqual([
      { monitor_id: monitor.id, region: "agent", planned_at: first, reason: "no-agent" },
      { monitor_id: monitor.id, region: "agent", planned_at: first + HOUR, reason: "no-agent" },
    ]);
    const alerts = await alertsOf(monitor.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      account_id: accountId,
      state: "open",
      severity: "critical",
      message:
        "Payroll runs from agent db-primary, whose key was revoked; its checks are missed until the agent is issued a new key or the monitor runs from another agent or from regions.",
    });
    expect((await readMonitor(monitor.id)).state).toBe("unknown");
  });

  it("treats a deleted agent as gone and resolves the alert once its monitor's tasks are created again", async () => {
    const agentId = await capableAgent("file-server");
    const monitor = await storeMonitor("mon_deleted", "File share", agentId);
    await db().handle.db.deleteFrom("agents").where("id", "=", agentId).execute();
    const orphan = await readMonitor(monitor.id);
    expect(orphan).toMatchObject({ run_from: "agent", agent_id: null });
    clock += HOUR;
    await planNow(orphan);
    const [alert] = await alertsOf(monitor.id);
    expect(alert?.message).toBe(
      "File share ran from an agent that was deleted; its checks are missed until it runs from another agent or from regions.",
    );

    const replacement = await capableAgent("file-server-2");
    await db()
      .handle.db.updateTable("monitors")
      .set({ agent_id: replacement })
      .where("id", "=", monitor.id)
      .execute();
    clock += HOUR;
    await planNow(await readMonitor(monitor.id));
    expect(await tasksOf(monitor.id)).toHaveLength(1);
    expect(await alertsOf(monitor.id)).toMatchObject([
      { state: "resolved", resolution: "recovered" },
    ]);
  });

  it("records the checks of a monitor whose account's plan no longer includes agents as missed and says so in the alert", async () => {
    const downgraded = (await createTestAccount(db(), "business")).accountId;
    const agentId = await capableAgent("ledger-gw", downgraded);
    const monitor = await storeMonitor("mon_downgraded", "Ledger", agentId, downgraded);
    await db()
      .handle.db.updateTable("accounts")
      .set({ plan: "hobby" })
      .where("id", "=", downgraded)
      .execute();
    clock += HOUR;
    const planned = clock;
    await planNow(monitor);

    expect(await tasksOf(monitor.id)).toEqual([]);
    expect(await missedOf(monitor.id)).toEqual([
      { monitor_id: monitor.id, region: "agent", planned_at: planned, reason: "no-agent" },
    ]);
    expect(await alertsOf(monitor.id)).toMatchObject([
      {
        account_id: downgraded,
        state: "open",
        severity: "critical",
        message:
          "Ledger runs from agent ledger-gw, but your plan no longer includes agents; its checks are missed until the plan includes them again or the monitor runs from regions.",
      },
    ]);
  });

  it("names the version an agent too old to run checks needs", async () => {
    const agentId = await capableAgent("old-gw");
    const monitor = await storeMonitor("mon_old", "Archive", agentId);
    await db()
      .handle.db.updateTable("agents")
      .set({ version: "2.0.0" })
      .where("id", "=", agentId)
      .execute();
    clock += HOUR;
    await planNow(monitor);
    expect((await alertsOf(monitor.id))[0]?.message).toBe(
      "Archive runs from agent old-gw, which cannot run checks (it needs version 2.1.0 or later); its checks are missed until it runs from another agent or from regions.",
    );
    expect(await tasksOf(monitor.id)).toEqual([]);
  });

  it("plans tasks again at the next planned check once a revoked agent is issued a new key, resolving the alert", async () => {
    const agentId = await capableAgent("rekeyed-gw");
    const monitor = await storeMonitor("mon_rekeyed", "Wiki", agentId);
    const { key_hash, key_lookup } = await db()
      .handle.db.selectFrom("agents")
      .select(["key_hash", "key_lookup"])
      .where("id", "=", agentId)
      .executeTakeFirstOrThrow();
    await db()
      .handle.db.updateTable("agents")
      .set({ key_hash: null, key_lookup: null, key_revoked_at: clock })
      .where("id", "=", agentId)
      .execute();
    clock += HOUR;
    await planNow(monitor);
    expect(await alertsOf(monitor.id)).toMatchObject([{ state: "open" }]);

    await db()
      .handle.db.updateTable("agents")
      .set({ key_hash, key_lookup, key_revoked_at: null })
      .where("id", "=", agentId)
      .execute();
    clock += HOUR;
    await planNow(monitor);
    expect(await tasksOf(monitor.id)).toMatchObject([{ planned_at: clock, state: "pending" }]);
    expect(await alertsOf(monitor.id)).toMatchObject([
      { state: "resolved", resolution: "recovered" },
    ]);
  });
});
