import { expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { createTestAgent, testBatch, testSample } from "../../../test/agents.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { HALF_HOUR_MS } from "../agent-history/agent-sample-sql.ts";
import { pruneAgentHistory } from "../agent-history/prune-agent-history.ts";
import { rollUpAgentSamples } from "../agent-history/roll-up-agent-samples.ts";
import { storeAgentReport } from "../agent-reports/store-agent-report.ts";
import { authenticateAgent } from "../agents/authenticate-agent.ts";
import { createServiceContext } from "../context.ts";
import { customSeriesPoints } from "./custom-series-points.ts";
import { pruneCustomMetrics } from "./prune-custom-metrics.ts";
import { rollUpCustomMetrics } from "./roll-up-custom-metrics.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;

describeEachDatabase("custom metric history", (db) => {
  const clock = { now: Math.floor(Date.now() / HALF_HOUR_MS) * HALF_HOUR_MS + 20 * MINUTE };
  const ctx = () => createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock.now });
  const ignore = async () => {};
  const depth = (value: number | null) => [
    { name: "queue_depth", labels: { queue: "mail" }, value },
  ];

  async function reportingAgent() {
    const account = await createTestAccount(db(), "enterprise");
    const agent = await createTestAgent(db().handle.db, account.accountId);
    const auth = await authenticateAgent(ctx(), agent.key);
    const report = (samples: ReturnType<typeof testSample>[]) =>
      storeAgentReport(ctx(), { agent: auth.agent!, batch: testBatch(clock.now, samples) }, ignore);
    return { ...agent, accountId: account.accountId, report };
  }
  const seriesOf = (agentId: string) =>
    db()
      .handle.db.selectFrom("agent_custom_series")
      .selectAll()
      .where("agent_id", "=", agentId)
      .executeTakeFirstOrThrow();

  it("folds values into half-hours with their average, minimum and maximum, NaN weighing nothing", async () => {
    const agent = await reportingAgent();
    const half = Math.floor(clock.now / HALF_HOUR_MS) * HALF_HOUR_MS;
    await agent.report([
      testSample(half + MINUTE, { custom_metrics: depth(10) }),
      testSample(half + 2 * MINUTE, { custom_metrics: depth(null) }),
      testSample(half + 3 * MINUTE, { custom_metrics: depth(50) }),
    ]);
    await rollUpCustomMetrics(db().handle.db, clock.now);
    await rollUpCustomMetrics(db().handle.db, clock.now);
    const rollups = await db()
      .handle.db.selectFrom("agent_custom_rollups")
      .selectAll()
      .where("agent_id", "=", agent.id)
      .execute();
    expect(
      rollups.map((r) => [
        Number(r.period_start),
        r.samples,
        Number(r.value_sum),
        Number(r.value_min),
        Number(r.value_max),
      ]),
    ).toEqual([[half, 2, 60, 10, 50]]);
    const series = await seriesOf(agent.id);
    const week = await customSeriesPoints(
      ctx(),
      { accountId: agent.accountId },
      agent.id,
      series.id,
      "7d",
    );
    expect(week.points).toEqual([{ at: expect.any(String), value: 30, min: 10, max: 50 }]);
  });

  it("keeps raw values two days and rollups and series as long as the machine's rollups", async () => {
    const agent = await reportingAgent();
    const start = clock.now;
    await agent.report([testSample(start, { cpu_percent: 10, custom_metrics: depth(5) })]);
    await rollUpAgentSamples(db().handle.db, clock.now);
    await rollUpCustomMetrics(db().handle.db, clock.now);
    clock.now = start + 3 * DAY;
    await pruneAgentHistory(db().handle.db, clock.now);
    await pruneCustomMetrics(db().handle.db, clock.now);
    const count = async (
      table: "agent_custom_samples" | "agent_custom_rollups" | "agent_custom_series",
    ) =>
      (
        await db()
          .handle.db.selectFrom(table)
          .select("agent_id")
          .where("agent_id", "=", agent.id)
          .execute()
      ).length;
    expect([
      await count("agent_custom_samples"),
      await count("agent_custom_rollups"),
      await count("agent_custom_series"),
    ]).toEqual([0, 1, 1]);
    clock.now = start + 400 * DAY;
    await pruneAgentHistory(db().handle.db, clock.now);
    await pruneCustomMetrics(db().handle.db, clock.now);
    expect([await count("agent_custom_rollups"), await count("agent_custom_series")]).toEqual([
      0, 0,
    ]);
    clock.now = start;
  });
});
