import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { createTestAgent, storedAgentRows, testBatch, testSample } from "../../../test/agents.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

const MINUTE = 60_000;

describeEachDatabase("storing agent reports", (db) => {
  let app: FastifyInstance;
  let accountId: string;
  beforeAll(async () => {
    app = await buildTestApp(db());
    accountId = (await createTestAccount(db(), "business")).accountId;
  });
  afterAll(() => app.close());

  const newAgent = (name?: string) => createTestAgent(db().handle.db, accountId, name);
  const report = (headers: Record<string, string>, payload: unknown) =>
    app.inject({ method: "POST", url: "/agent/v1/reports", headers, payload: payload as object });
  const stored = (agentId: string) => storedAgentRows(db().handle.db, agentId);

  it("stores a batch of reports and keeps the agent's identity, config and newest sample", async () => {
    const agent = await newAgent();
    const now = Date.now();
    const batch = testBatch(now, [testSample(now - MINUTE), testSample(now, { cpu_percent: 55 })]);
    const response = await report(agent.headers, batch);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accepted: 2,
      poll_after_seconds: 30,
      custom_metrics_refused: null,
    });
    expect(await stored(agent.id)).toEqual({ samples: 2, disks: 2, batches: 1 });
    const row = await db()
      .handle.db.selectFrom("agents")
      .selectAll()
      .where("id", "=", agent.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      hostname: "db-primary",
      platform: "Debian GNU/Linux 12",
      arch: "x64",
      version: "2.0.0",
      capabilities: "[]",
    });
    expect(Number(row.first_report_at)).toBeGreaterThanOrEqual(now);
    expect(Number(row.last_report_at)).toBe(Number(row.first_report_at));
    expect(JSON.parse(row.reported_config ?? "null")).toEqual(batch.config);
    expect(JSON.parse(row.latest_report ?? "null")).toMatchObject({
      sampled_at: now,
      cpu_percent: 55,
      services: [{ name: "nginx", state: "running", since: now - MINUTE }],
    });
    const samples = await db()
      .handle.db.selectFrom("agent_samples")
      .selectAll()
      .where("agent_id", "=", agent.id)
      .orderBy("sampled_at")
      .execute();
    expect(
      samples.map((s) => [Number(s.sampled_at), s.cpu_percent, Number(s.memory_total)]),
    ).toEqual([
      [now - MINUTE, 12.5, 8_000_000_000],
      [now, 55, 8_000_000_000],
    ]);
  });

  it("skips samples already stored and counts only the new ones", async () => {
    const agent = await newAgent();
    const now = Date.now();
    await report(
      agent.headers,
      testBatch(now, [testSample(now - 2 * MINUTE), testSample(now - MINUTE)]),
    );
    const again = await report(
      agent.headers,
      testBatch(now, [testSample(now - MINUTE), testSample(now)]),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().accepted).toBe(1);
    expect(await stored(agent.id)).toMatchObject({ samples: 3, disks: 3, batches: 2 });
  });

  it("keeps a service's since while its state holds and moves it when the state changes", async () => {
    const agent = await newAgent();
    const now = Date.now();
    const at = (minutesAgo: number, state: "running" | "stopped") =>
      testSample(now - minutesAgo * MINUTE, { services: [{ name: "nginx", state }] });
    await report(agent.headers, testBatch(now, [at(5, "running"), at(4, "running")]));
    await report(agent.headers, testBatch(now, [at(3, "running")]));
    const service = () =>
      db()
        .handle.db.selectFrom("agent_services")
        .select(["state", "since"])
        .where("agent_id", "=", agent.id)
        .executeTakeFirstOrThrow();
    expect(await service()).toEqual({ state: "running", since: now - 5 * MINUTE });
    await report(agent.headers, testBatch(now, [at(2, "stopped"), at(1, "stopped")]));
    expect(await service()).toEqual({ state: "stopped", since: now - 2 * MINUTE });
  });

  it("refuses a replayed batch with 409 and stores nothing again", async () => {
    const agent = await newAgent();
    const now = Date.now();
    const batch = testBatch(now, [testSample(now)]);
    expect((await report(agent.headers, batch)).statusCode).toBe(200);
    const replay = await report(agent.headers, batch);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({
      detail: "This batch was already received; nothing was stored again.",
    });
    expect(await stored(agent.id)).toMatchObject({ samples: 1, batches: 1 });
  });

  it("answers every one of many agents reporting at once, a replay among them refused alone", async () => {
    const agents = await Promise.all(Array.from({ length: 12 }, (_, i) => newAgent(`web-${i}`)));
    const now = Date.now();
    const batches = agents.map(() => testBatch(now, [testSample(now)]));
    const answers = await Promise.all([
      ...agents.map((agent, i) => report(agent.headers, batches[i])),
      report(agents[0]!.headers, batches[0]),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(12);
    expect(statuses.filter((s) => s === 409)).toHaveLength(1);
    for (const agent of agents) expect((await stored(agent.id)).samples).toBe(1);
  });
});
