import { expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { createTestAgent, testBatch, testSample } from "../../../test/agents.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { storeAgentReport } from "../agent-reports/store-agent-report.ts";
import { agentMetrics } from "../agents/agent-metrics.ts";
import { authenticateAgent } from "../agents/authenticate-agent.ts";
import { createServiceContext } from "../context.ts";
import { HALF_HOUR_MS } from "./agent-sample-sql.ts";
import { pruneAgentHistory } from "./prune-agent-history.ts";
import { rollUpAgentSamples } from "./roll-up-agent-samples.ts";

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

describeEachDatabase("agent history", (db) => {
  const clock = { now: Math.floor(Date.now() / HALF_HOUR_MS) * HALF_HOUR_MS + 20 * MINUTE };
  const ctx = () => createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock.now });
  const ignore = async () => {};

  async function agentWithSamples(plan: "business" | "enterprise" = "business") {
    const account = await createTestAccount(db(), plan);
    const agent = await createTestAgent(db().handle.db, account.accountId);
    const auth = await authenticateAgent(ctx(), agent.key);
    return { ...agent, authenticated: auth.agent! };
  }

  it("folds samples into half-hours, the same figures however often it runs", async () => {
    const agent = await agentWithSamples();
    const half = Math.floor(clock.now / HALF_HOUR_MS) * HALF_HOUR_MS;
    const samples = [
      testSample(half + MINUTE, { cpu_percent: 10, load: null }),
      testSample(half + 2 * MINUTE, {
        cpu_percent: 30,
        memory: { total_bytes: 1000, used_bytes: 500, available_bytes: 500 },
        disks: [{ mount: "/", description: "System", total_bytes: 100, used_bytes: 80 }],
      }),
    ];
    const batch = testBatch(clock.now, samples);
    await storeAgentReport(ctx(), { agent: agent.authenticated, batch }, ignore);
    await rollUpAgentSamples(db().handle.db, clock.now);
    await rollUpAgentSamples(db().handle.db, clock.now);
    const rollups = await db()
      .handle.db.selectFrom("agent_rollups")
      .selectAll()
      .where("agent_id", "=", agent.id)
      .execute();
    expect(rollups).toHaveLength(1);
    expect(rollups[0]).toMatchObject({
      period_start: half,
      samples: 2,
      cpu_sum: 40,
      cpu_max: 30,
      memory_used_percent_sum: 75,
      memory_used_percent_max: 50,
      load1_sum: 0.5,
      load1_max: 0.5,
      load_samples: 1,
    });
    expect(Number(rollups[0]!.net_rx_sum)).toBe(2000);
    const disks = await db()
      .handle.db.selectFrom("agent_disk_rollups")
      .selectAll()
      .where("agent_id", "=", agent.id)
      .execute();
    expect(disks).toEqual([
      {
        agent_id: agent.id,
        mount: "/",
        period_start: half,
        samples: 2,
        used_percent_sum: 120,
        used_percent_max: 80,
      },
    ]);
  });

  it("folds half-hours hours old that no run folded, as after the server was down", async () => {
    const agent = await agentWithSamples();
    const old = Math.floor((clock.now - 3 * HOUR) / HALF_HOUR_MS) * HALF_HOUR_MS;
    const samples = [
      testSample(old + MINUTE, { cpu_percent: 20 }),
      testSample(old + 2 * MINUTE, { cpu_percent: 40 }),
      testSample(old + HALF_HOUR_MS + MINUTE, { cpu_percent: 60 }),
    ];
    const batch = testBatch(old + HOUR, samples);
    await storeAgentReport(ctx(), { agent: agent.authenticated, batch }, ignore);
    await rollUpAgentSamples(db().handle.db, clock.now);
    const rollups = await db()
      .handle.db.selectFrom("agent_rollups")
      .select(["period_start", "samples", "cpu_sum"])
      .where("agent_id", "=", agent.id)
      .orderBy("period_start")
      .execute();
    expect(rollups.map((r) => [Number(r.period_start), r.samples, r.cpu_sum])).toEqual([
      [old, 2, 60],
      [old + HALF_HOUR_MS, 1, 60],
    ]);
    const disks = await db()
      .handle.db.selectFrom("agent_disk_rollups")
      .select("period_start")
      .where("agent_id", "=", agent.id)
      .execute();
    expect(disks).toHaveLength(2);
  });

  it("prunes raw samples after 48 hours, rollups after the plan's history and batch ids after 2 hours", async () => {
    const agent = await agentWithSamples();
    const database = db().handle.db;
    const row = (at: number) => ({
      agent_id: agent.id,
      sampled_at: at,
      cpu_percent: 1,
      cores: 1,
      load1: null,
      load5: null,
      load15: null,
      memory_total: 1,
      memory_used: 1,
      memory_available: 0,
      net_rx_bps: 0,
      net_tx_bps: 0,
    });
    await database
      .insertInto("agent_samples")
      .values([row(clock.now - 49 * HOUR), row(clock.now - 47 * HOUR)])
      .execute();
    await database
      .insertInto("agent_disk_samples")
      .values([
        {
          agent_id: agent.id,
          mount: "/",
          sampled_at: clock.now - 49 * HOUR,
          total_bytes: 1,
          used_bytes: 1,
        },
      ])
      .execute();
    const rollup = (at: number) => ({
      agent_id: agent.id,
      period_start: at,
      samples: 1,
      cpu_sum: 1,
      cpu_max: 1,
      memory_samples: 1,
      memory_used_percent_sum: 1,
      memory_used_percent_max: 1,
      load1_sum: 0,
      load1_max: null,
      load_samples: 0,
      net_rx_sum: 0,
      net_rx_max: 0,
      net_tx_sum: 0,
      net_tx_max: 0,
    });
    // Business keeps a year of history; rollups live as long.
    await database
      .insertInto("agent_rollups")
      .values([rollup(clock.now - 400 * DAY), rollup(clock.now - 40 * DAY)])
      .execute();
    await database
      .insertInto("agent_batches")
      .values([
        { agent_id: agent.id, batch_id: "old_batch_1", received_at: clock.now - 3 * HOUR },
        { agent_id: agent.id, batch_id: "new_batch_1", received_at: clock.now - HOUR },
      ])
      .execute();
    await pruneAgentHistory(database, clock.now);
    const left = async (
      table: "agent_samples" | "agent_disk_samples" | "agent_rollups" | "agent_batches",
    ) =>
      Number(
        (
          await database
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .where("agent_id", "=", agent.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await left("agent_samples")).toBe(1);
    expect(await left("agent_disk_samples")).toBe(0);
    expect(await left("agent_rollups")).toBe(1);
    expect(await left("agent_batches")).toBe(1);
  });

  it("charts the last hour from raw samples and the last week from rollups", async () => {
    const agent = await agentWithSamples();
    const samples = [3, 2, 1].map((ago, i) =>
      testSample(clock.now - ago * MINUTE, { cpu_percent: 10 * (i + 1) }),
    );
    await storeAgentReport(
      ctx(),
      { agent: agent.authenticated, batch: testBatch(clock.now, samples) },
      ignore,
    );
    const hour = await agentMetrics(ctx(), agent.id, "1h");
    expect(hour.bucket_seconds).toBe(10);
    expect(hour.to).toBe(new Date(clock.now).toISOString());
    expect(hour.points.map((p) => [p.cpu_percent, p.cpu_max])).toEqual([
      [10, 10],
      [20, 20],
      [30, 30],
    ]);
    expect(hour.points[0]).toMatchObject({
      memory_used_percent: 25,
      load1: 0.5,
      net_rx_bytes_per_second: 1000,
      net_tx_bytes_per_second: 2000,
    });
    expect(hour.disks).toEqual([
      {
        mount: "/",
        description: "System",
        points: samples.map((s) => ({
          at: new Date(s.sampled_at).toISOString(),
          used_percent: 40,
          used_max: 40,
        })),
      },
    ]);
    const day = await agentMetrics(ctx(), agent.id, "24h");
    expect(day.bucket_seconds).toBe(240);
    expect(day.points.length).toBeLessThanOrEqual(2);
    expect(day.points.at(-1)!.cpu_max).toBe(30);

    await rollUpAgentSamples(db().handle.db, clock.now);
    const week = await agentMetrics(ctx(), agent.id, "7d");
    expect(week.bucket_seconds).toBe(1800);
    expect(week.points.length).toBeGreaterThanOrEqual(1);
    const cpuMax = Math.max(...week.points.map((p) => p.cpu_max));
    expect(cpuMax).toBe(30);
    const month = await agentMetrics(ctx(), agent.id, "30d");
    expect(month.bucket_seconds).toBe(7200);
    expect(month.points.length).toBeLessThanOrEqual(2);
    expect(month.disks[0]?.points[0]?.used_percent).toBe(40);
  });

  it("leaves a sample without a memory total out of the memory average, from raw samples and rollups alike", async () => {
    const agent = await agentWithSamples();
    const half = Math.floor(clock.now / HALF_HOUR_MS) * HALF_HOUR_MS;
    const bucket = Math.floor((half + 5 * MINUTE) / (4 * MINUTE)) * 4 * MINUTE;
    const samples = [
      testSample(bucket + 10_000, {
        memory: { total_bytes: 1000, used_bytes: 500, available_bytes: 500 },
      }),
      testSample(bucket + 20_000, {
        memory: { total_bytes: 0, used_bytes: 0, available_bytes: 0 },
      }),
    ];
    await storeAgentReport(
      ctx(),
      { agent: agent.authenticated, batch: testBatch(clock.now, samples) },
      ignore,
    );
    const day = await agentMetrics(ctx(), agent.id, "24h");
    expect(day.points.map((p) => [p.memory_used_percent, p.memory_used_max])).toEqual([[50, 50]]);
    await rollUpAgentSamples(db().handle.db, clock.now);
    const week = await agentMetrics(ctx(), agent.id, "7d");
    expect(week.points.map((p) => [p.memory_used_percent, p.memory_used_max])).toEqual([[50, 50]]);
  });
});
