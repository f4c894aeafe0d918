import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { createAgentRunMonitor, insertTestTask } from "../../../test/agent-tasks.ts";
import { createTestAgent } from "../../../test/agents.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { CheckIntake } from "../../check-intake/check-intake.ts";
import { timeOutTasks } from "../../services/agent-tasks/time-out-tasks.ts";
import { createServiceContext, type ServiceContext } from "../../services/context.ts";

const MINUTE = 60_000;

type TestAccount = Awaited<ReturnType<typeof createTestAccount>>;

describeEachDatabase("an agent's Tasks list", (db) => {
  let app: FastifyInstance;
  let ctx: ServiceContext;
  let account: TestAccount;
  let agent: { id: string; headers: Record<string, string> };
  let monitor: { id: string; name: string; target: string };
  const clock = { now: Date.now() };
  const planned: string[] = [];
  let dayOld: string;

  beforeAll(async () => {
    ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock.now });
    app = await buildTestApp(db(), { ctx });
    account = await createTestAccount(db(), "business", ctx);
    agent = await createTestAgent(db().handle.db, account.accountId);
    monitor = await createAgentRunMonitor(ctx, account.accountId, agent.id);
    // Two tasks of half an hour ago, overdue, and four of the past minute, still open.
    for (let n = 0; n < 6; n += 1) {
      planned.push(
        await insertTestTask(ctx, {
          accountId: account.accountId,
          agentId: agent.id,
          monitorId: monitor.id,
          plannedAt: n < 2 ? clock.now - (30 - n) * MINUTE : clock.now - (6 - n) * 10_000,
          state: n < 2 ? "dispatched" : "pending",
        }),
      );
    }
    await timeOutTasks(ctx, new CheckIntake());
    dayOld = await insertTestTask(ctx, {
      accountId: account.accountId,
      agentId: agent.id,
      monitorId: monitor.id,
      plannedAt: clock.now - 25 * 60 * MINUTE,
      state: "pending",
    });
  });
  afterAll(() => app.close());

  const list = async (query = "", headers = account.headers) => {
    const response = await app.inject({
      method: "GET",
      url: `/api/v1/agents/${agent.id}/tasks${query}`,
      headers,
    });
    return { status: response.statusCode, body: response.json() };
  };

  it("lists the agent's tasks of the past day newest first with their monitor, target and result", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.data.map((task: { id: string }) => task.id)).toEqual([...planned].reverse());
    expect(body.data.map((task: { id: string }) => task.id)).not.toContain(dayOld);
    const timedOut = body.data.find((task: { id: string }) => task.id === planned[0]);
    expect(timedOut).toMatchObject({
      monitor_id: monitor.id,
      monitor_name: monitor.name,
      target: monitor.target,
      check_type: "http",
      state: "timeout",
      planned_at: new Date(clock.now - 30 * MINUTE).toISOString(),
      finished_at: new Date(clock.now).toISOString(),
      result: {
        status: "down",
        response_time_ms: null,
        status_code: null,
        error: expect.stringContaining("No result from agent db-primary"),
      },
      late_result: null,
      log: [],
    });
    expect(body.next_before).toBeNull();
  });

  it("counts the past day's tasks per state", async () => {
    const { body } = await list();
    expect(body.counts).toEqual({
      pending: 4,
      dispatched: 0,
      executing: 0,
      completed: 0,
      failed: 0,
      timeout: 2,
    });
  });

  it("filters by state and pages with next_before until the last page", async () => {
    const timedOut = await list("?state=timeout");
    expect(timedOut.body.data.map((task: { id: string }) => task.id)).toEqual([
      planned[1],
      planned[0],
    ]);
    const seen: string[] = [];
    let query = "?limit=3";
    for (let page = 0; page < 5; page += 1) {
      const { body } = await list(query);
      seen.push(...body.data.map((task: { id: string }) => task.id));
      if (body.next_before === null) break;
      query = `?limit=3&before=${body.next_before}`;
    }
    expect(seen).toEqual([...planned].reverse());
  });

  it("pages through tasks planned at the same moment without skipping or repeating one", async () => {
    const other = await createTestAgent(db().handle.db, account.accountId, "web-edge");
    const plannedAt = clock.now - 2 * MINUTE;
    const same: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      const sibling = await createAgentRunMonitor(ctx, account.accountId, other.id);
      same.push(
        await insertTestTask(ctx, {
          accountId: account.accountId,
          agentId: other.id,
          monitorId: sibling.id,
          plannedAt,
        }),
      );
    }
    const seen: string[] = [];
    let query = "?limit=2";
    for (let page = 0; page < 6; page += 1) {
      const response = await app.inject({
        method: "GET",
        url: `/api/v1/agents/${other.id}/tasks${query}`,
        headers: account.headers,
      });
      const body = response.json();
      seen.push(...body.data.map((task: { id: string }) => task.id));
      if (body.next_before === null) break;
      query = `?limit=2&before=${encodeURIComponent(body.next_before)}`;
    }
    expect([...seen].sort()).toEqual([...same].sort());
    expect(seen).toHaveLength(5);
  });

  it("refuses an unknown state or page and hides another account's agent", async () => {
    const wrong = await list("?state=lost");
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toContain("state must be one of");
    const page = await list("?before=yesterday");
    expect(page.status).toBe(400);
    expect(page.body.detail).toContain("before must be a next_before");
    const stranger = await createTestAccount(db(), "business", ctx);
    expect((await list("", stranger.headers)).status).toBe(404);
  });
});
