import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { createAgentRunMonitor, insertTestTask } from "../../../test/agent-tasks.ts";
import { createTestAgent } from "../../../test/agents.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { CheckIntake } from "../../check-intake/check-intake.ts";
import type { CheckRecord } from "../../check-intake/check-record.ts";
import { appendTaskLog } from "../../services/agent-tasks/append-task-log.ts";
import { pruneAgentTasks } from "../../services/agent-tasks/prune-agent-tasks.ts";
import { timeOutTasks } from "../../services/agent-tasks/time-out-tasks.ts";
import { createServiceContext, type ServiceContext } from "../../services/context.ts";

const SECOND = 1000;

const upOutcome = {
  status: "up",
  responseTimeMs: 42,
  timings: { dnsMs: 1, connectMs: 2, tlsMs: null, firstByteMs: 30 },
  statusCode: 200,
  error: null,
};
const downOutcome = {
  ...upOutcome,
  status: "down",
  statusCode: 503,
  error: "Expected a 2xx or 3xx status but the server answered 503.",
};

describeEachDatabase("an agent's tasks from poll to result", (db) => {
  let app: FastifyInstance;
  let ctx: ServiceContext;
  let accountId: string;
  const clock = { now: Date.now() };

  beforeAll(async () => {
    ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock.now });
    app = await buildTestApp(db(), { ctx });
    accountId = (await createTestAccount(db(), "business", ctx)).accountId;
  });
  afterAll(() => app.close());

  const newAgent = (name?: string) => createTestAgent(db().handle.db, accountId, name);
  const call = async (
    agent: { headers: Record<string, string> },
    method: "GET" | "POST",
    url: string,
    payload?: unknown,
  ) => {
    const response = await app.inject({
      method,
      url: `/agent/v1${url}`,
      headers: agent.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const poll = (agent: { headers: Record<string, string> }) => call(agent, "GET", "/tasks");
  const task = (id: string) =>
    db()
      .handle.db.selectFrom("agent_tasks")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const checks = (monitorId: string) =>
    db()
      .handle.db.selectFrom("check_results")
      .selectAll()
      .where("monitor_id", "=", monitorId)
      .orderBy("planned_at")
      .execute();
  const monitorRow = (monitorId: string) =>
    db()
      .handle.db.selectFrom("monitors")
      .select(["state", "consecutive_failures", "consecutive_successes", "last_checked_at"])
      .where("id", "=", monitorId)
      .executeTakeFirstOrThrow();
  const setUp = async (failureThreshold = 1) => {
    const agent = await newAgent();
    const monitor = await createAgentRunMonitor(ctx, accountId, agent.id, failureThreshold);
    const plan = (plannedAt: number, state?: "pending" | "dispatched" | "executing") =>
      insertTestTask(ctx, {
        accountId,
        agentId: agent.id,
        monitorId: monitor.id,
        plannedAt,
        state,
      });
    return { agent, monitor, plan };
  };

  it("hands out due tasks oldest first with their checks and marks them handed out", async () => {
    const { agent, monitor, plan } = await setUp();
    const later = await plan(clock.now - 10 * SECOND);
    const earlier = await plan(clock.now - 20 * SECOND);
    await plan(clock.now + 30 * SECOND);
    const polled = await poll(agent);
    expect(polled.status).toBe(200);
    expect(polled.body.poll_after_seconds).toBe(30);
    expect(polled.body.tasks.map((t: { id: string }) => t.id)).toEqual([earlier, later]);
    expect(polled.body.tasks[0]).toEqual({
      id: earlier,
      kind: "check",
      monitor_id: monitor.id,
      planned_at: clock.now - 20 * SECOND,
      deadline_at: expect.any(Number),
      check: expect.objectContaining({ type: "http", target: "http://intranet.test/health" }),
    });
    const row = await task(earlier);
    expect(row.state).toBe("dispatched");
    expect(Number(row.dispatched_at)).toBe(clock.now);
    expect(Number(row.dispatch_count)).toBe(1);
  });

  it("hands a task out again until it is started, and never another agent's", async () => {
    const { agent, plan } = await setUp();
    const other = await newAgent("web-edge");
    const id = await plan(clock.now - 5 * SECOND);
    expect((await poll(agent)).body.tasks.map((t: { id: string }) => t.id)).toEqual([id]);
    expect((await poll(other)).body.tasks).toEqual([]);
    expect((await poll(agent)).body.tasks.map((t: { id: string }) => t.id)).toEqual([id]);
    expect(Number((await task(id)).dispatch_count)).toBe(2);
    expect((await call(agent, "POST", `/tasks/${id}/started`)).status).toBe(200);
    expect((await poll(agent)).body.tasks).toEqual([]);
  });

  it("does not hand out a task too late to run before its deadline", async () => {
    const { agent, plan } = await setUp();
    await plan(clock.now - 90 * SECOND);
    expect((await poll(agent)).body.tasks).toEqual([]);
  });

  it("takes started twice alike, refuses it once the task ended and hides another agent's task", async () => {
    const { agent, plan } = await setUp();
    const other = await newAgent("web-edge");
    const id = await plan(clock.now - 5 * SECOND, "dispatched");
    const first = await call(agent, "POST", `/tasks/${id}/started`);
    expect(first).toEqual({ status: 200, body: { id, state: "executing" } });
    expect(Number((await task(id)).started_at)).toBe(clock.now);
    expect(await call(agent, "POST", `/tasks/${id}/started`)).toEqual(first);
    const stolen = await call(other, "POST", `/tasks/${id}/started`);
    expect(stolen).toEqual({
      status: 404,
      body: { detail: `No task ${id} was given to this agent.` },
    });
    expect(JSON.parse((await task(id)).log)).toEqual([
      { at: clock.now, message: expect.stringContaining("web-edge") },
    ]);
    expect(
      (await call(agent, "POST", `/tasks/${id}/result`, { failure: "Unsupported check type." }))
        .status,
    ).toBe(200);
    const ended = await call(agent, "POST", `/tasks/${id}/started`);
    expect(ended.status).toBe(409);
    expect(ended.body.detail).toContain("already ended");
    expect(JSON.parse((await task(id)).log)).toHaveLength(2);
    expect((await call(agent, "POST", "/tasks/tsk_nothing/started")).status).toBe(404);
  });

  it("stores a result's check once, under the agent, and answers a repeat with 409", async () => {
    const { agent, monitor, plan } = await setUp();
    const plannedAt = clock.now - 5 * SECOND;
    const id = await plan(plannedAt, "executing");
    const result = { started_at: plannedAt + SECOND, outcome: upOutcome };
    const stored = await call(agent, "POST", `/tasks/${id}/result`, result);
    expect(stored).toEqual({ status: 200, body: { id, state: "completed" } });
    const again = await call(agent, "POST", `/tasks/${id}/result`, result);
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain("already has its result");
    const rows = await checks(monitor.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ region: "agent", up: 1, status_code: 200 });
    expect(Number(rows[0]!.planned_at)).toBe(plannedAt);
    expect(Number(rows[0]!.checked_at)).toBe(plannedAt + SECOND);
    const row = await task(id);
    expect(row.state).toBe("completed");
    expect(JSON.parse(row.result ?? "null")).toEqual({
      status: "up",
      response_time_ms: 42,
      status_code: 200,
      error: null,
    });
    const regional = await db()
      .handle.db.selectFrom("check_region_rollups")
      .select("region")
      .where("monitor_id", "=", monitor.id)
      .execute();
    expect(regional).toEqual([]);
    const health = await db()
      .handle.db.selectFrom("monitors")
      .select(["state", "consecutive_successes"])
      .where("id", "=", monitor.id)
      .executeTakeFirstOrThrow();
    expect(health).toEqual({ state: "up", consecutive_successes: 1 });
  });

  it("counts a down outcome and a failure as failed checks, taking the monitor down at its threshold with an alert", async () => {
    const { agent, monitor, plan } = await setUp(2);
    const first = await plan(clock.now - 70 * SECOND, "executing");
    const second = await plan(clock.now - 10 * SECOND, "dispatched");
    const down = { started_at: clock.now - 69 * SECOND, outcome: downOutcome };
    expect((await call(agent, "POST", `/tasks/${first}/result`, down)).body.state).toBe(
      "completed",
    );
    const monitorRow = () =>
      db()
        .handle.db.selectFrom("monitors")
        .select(["state", "consecutive_failures"])
        .where("id", "=", monitor.id)
        .executeTakeFirstOrThrow();
    expect(await monitorRow()).toEqual({ state: "unknown", consecutive_failures: 1 });
    const failure = "The agent does not run ping checks.";
    const failed = await call(agent, "POST", `/tasks/${second}/result`, { failure });
    expect(failed).toEqual({ status: 200, body: { id: second, state: "failed" } });
    expect(await monitorRow()).toEqual({ state: "down", consecutive_failures: 2 });
    const rows = await checks(monitor.id);
    expect(rows.map((row) => [row.up, row.error])).toEqual([
      [0, downOutcome.error],
      [0, failure],
    ]);
    const alerts = await db()
      .handle.db.selectFrom("alerts")
      .select(["kind", "state"])
      .where("monitor_id", "=", monitor.id)
      .execute();
    expect(alerts).toEqual([{ kind: "monitor-down", state: "open" }]);
  });

  it("times out overdue tasks as down checks and records a later result as late, changing nothing", async () => {
    const { agent, monitor, plan } = await setUp();
    const overdue = await plan(clock.now - 10 * 60 * SECOND, "dispatched");
    const open = await plan(clock.now - 5 * SECOND, "dispatched");
    expect(await timeOutTasks(ctx, new CheckIntake())).toBeGreaterThanOrEqual(1);
    expect((await task(open)).state).toBe("dispatched");
    const timedOut = await task(overdue);
    expect(timedOut.state).toBe("timeout");
    const rows = await checks(monitor.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.up).toBe(0);
    expect(rows[0]!.error).toContain("No result from agent db-primary before the deadline");
    const late = await call(agent, "POST", `/tasks/${overdue}/result`, {
      started_at: clock.now - 9 * 60 * SECOND,
      outcome: upOutcome,
    });
    expect(late.status).toBe(409);
    expect(late.body.detail).toContain("recorded as late and changes nothing");
    const row = await task(overdue);
    expect(row.state).toBe("timeout");
    expect(JSON.parse(row.late_result ?? "null")).toMatchObject({ status: "up" });
    expect(Number(row.late_at)).toBe(clock.now);
    expect(await checks(monitor.id)).toHaveLength(1);
    expect(await timeOutTasks(ctx, new CheckIntake())).toBe(0);
  });

  it("refuses a malformed result with the field named and notes it in the task's log", async () => {
    const { agent, monitor, plan } = await setUp();
    const id = await plan(clock.now - 5 * SECOND, "executing");
    const wrong = await call(agent, "POST", `/tasks/${id}/result`, {
      started_at: clock.now - 4 * SECOND,
      outcome: { ...upOutcome, status: "sideways" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toContain("outcome.status");
    const empty = await call(agent, "POST", `/tasks/${id}/result`, { failure: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toContain("failure");
    const row = await task(id);
    expect(row.state).toBe("executing");
    expect(JSON.parse(row.log).map((entry: { message: string }) => entry.message)).toEqual([
      wrong.body.detail,
      empty.body.detail,
    ]);
    expect(await checks(monitor.id)).toEqual([]);
  });

  it("keeps only the newest refusals in a task's log", async () => {
    const { agent, plan } = await setUp();
    const id = await plan(clock.now - 5 * SECOND, "executing");
    for (let n = 0; n < 25; n += 1) {
      await call(agent, "POST", `/tasks/${id}/result`, { failure: "", n });
    }
    expect(JSON.parse((await task(id)).log)).toHaveLength(20);
  });

  it("lets an agent report on more tasks in a minute than its other requests allow", async () => {
    const { agent, plan } = await setUp();
    const ids: string[] = [];
    for (let n = 0; n < 20; n += 1)
      ids.push(await plan(clock.now - (n + 1) * SECOND, "dispatched"));
    const answers: number[] = [];
    for (const id of ids) {
      answers.push((await call(agent, "POST", `/tasks/${id}/started`)).status);
      answers.push(
        (await call(agent, "POST", `/tasks/${id}/result`, { failure: "Stopped." })).status,
      );
    }
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    expect((await poll(agent)).status).toBe(200);
  });

  it("forgets finished tasks once they are a day old, and keeps open ones", async () => {
    const { monitor, plan } = await setUp();
    const dayAgo = clock.now - 25 * 3_600_000;
    const finished = await plan(dayAgo, "dispatched");
    const open = await plan(dayAgo + 1, "executing");
    await db()
      .handle.db.updateTable("agent_tasks")
      .set({ state: "failed", finished_at: dayAgo })
      .where("id", "=", finished)
      .execute();
    expect(await pruneAgentTasks(ctx.db, clock.now)).toBeGreaterThanOrEqual(1);
    const left = await db()
      .handle.db.selectFrom("agent_tasks")
      .select("id")
      .where("monitor_id", "=", monitor.id)
      .execute();
    expect(left.map((row) => row.id)).toEqual([open]);
  });

  it("stores no check for a result once the monitor no longer runs from the task's agent", async () => {
    const { agent, monitor, plan } = await setUp();
    const other = await newAgent("web-edge");
    const switched = await plan(clock.now - 20 * SECOND, "executing");
    const moved = await plan(clock.now - 10 * SECOND, "executing");
    const result = { started_at: clock.now - 9 * SECOND, outcome: downOutcome };
    await db()
      .handle.db.updateTable("monitors")
      .set({ run_from: "regions" })
      .where("id", "=", monitor.id)
      .execute();
    expect((await call(agent, "POST", `/tasks/${switched}/result`, result)).status).toBe(200);
    await db()
      .handle.db.updateTable("monitors")
      .set({ run_from: "agent", agent_id: other.id })
      .where("id", "=", monitor.id)
      .execute();
    expect((await call(agent, "POST", `/tasks/${moved}/result`, result)).status).toBe(200);
    expect((await task(switched)).state).toBe("completed");
    expect((await task(moved)).state).toBe("completed");
    expect(await checks(monitor.id)).toEqual([]);
    expect((await monitorRow(monitor.id)).state).toBe("unknown");
  });

  it("keeps the health a newer result set when an earlier task times out after it", async () => {
    const { agent, monitor, plan } = await setUp();
    const earlier = await plan(clock.now - 100 * SECOND, "executing");
    const newer = await plan(clock.now - 10 * SECOND, "executing");
    const up = { started_at: clock.now - 9 * SECOND, outcome: upOutcome };
    expect((await call(agent, "POST", `/tasks/${newer}/result`, up)).status).toBe(200);
    const before = await monitorRow(monitor.id);
    expect(before).toMatchObject({ state: "up", consecutive_successes: 1 });
    await timeOutTasks(ctx, new CheckIntake());
    expect((await task(earlier)).state).toBe("timeout");
    const rows = await checks(monitor.id);
    expect(rows.map((row) => row.up)).toEqual([0, 1]);
    expect(await monitorRow(monitor.id)).toEqual(before);
    const alerts = await db()
      .handle.db.selectFrom("alerts")
      .select("kind")
      .where("monitor_id", "=", monitor.id)
      .execute();
    expect(alerts).toEqual([]);
  });

  it("times out a task whose result arrives after its deadline and records the result as late", async () => {
    const { agent, monitor, plan } = await setUp();
    const id = await plan(clock.now - 100 * SECOND, "executing");
    const late = await call(agent, "POST", `/tasks/${id}/result`, {
      started_at: clock.now - 99 * SECOND,
      outcome: upOutcome,
    });
    expect(late.status).toBe(409);
    expect(late.body.detail).toContain("recorded as late and changes nothing");
    const row = await task(id);
    expect(row.state).toBe("timeout");
    expect(JSON.parse(row.late_result ?? "null")).toMatchObject({ status: "up" });
    const rows = await checks(monitor.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ up: 0 });
    expect(rows[0]!.error).toContain("No result from agent db-primary before the deadline");
    expect((await monitorRow(monitor.id)).state).toBe("down");
  });

  it("refuses started for a task past its deadline so the agent does not run it", async () => {
    const { agent, plan } = await setUp();
    const id = await plan(clock.now - 100 * SECOND, "dispatched");
    const started = await call(agent, "POST", `/tasks/${id}/started`);
    expect(started.status).toBe(409);
    expect(started.body.detail).toContain("passed its deadline");
    expect((await task(id)).state).toBe("dispatched");
  });

  it("hands out fresh tasks however many older ones are too late to hand out", async () => {
    const { agent, monitor, plan } = await setUp();
    for (let n = 0; n < 220; n += 1) {
      await insertTestTask(ctx, {
        accountId,
        agentId: agent.id,
        monitorId: monitor.id,
        plannedAt: clock.now - 61 * SECOND - n * 10,
      });
    }
    const fresh = await plan(clock.now - 5 * SECOND);
    expect((await poll(agent)).body.tasks.map((t: { id: string }) => t.id)).toEqual([fresh]);
  });

  it("leaves out a task whose check cannot be opened and hands out the rest", async () => {
    const { agent, plan } = await setUp();
    const broken = await plan(clock.now - 20 * SECOND);
    const fine = await plan(clock.now - 10 * SECOND);
    await db()
      .handle.db.updateTable("agent_tasks")
      .set({ spec: "not a sealed check" })
      .where("id", "=", broken)
      .execute();
    const polled = await poll(agent);
    expect(polled.status).toBe(200);
    expect(polled.body.tasks.map((t: { id: string }) => t.id)).toEqual([fine]);
  });

  it("times out the other overdue tasks when storing one of them fails, and tells of the failure", async () => {
    const { monitor, plan } = await setUp();
    const broken = await setUp();
    const ends = [
      await plan(clock.now - 100 * SECOND, "dispatched"),
      await broken.plan(clock.now - 100 * SECOND, "dispatched"),
    ];
    const told: CheckRecord[] = [];
    const warnings: object[] = [];
    const checks = new CheckIntake({
      alerting: {
        step: () => ({
          hook: async (_trx, records) => {
            if (records.some((record) => record.monitorId === broken.monitor.id)) {
              throw new Error("alerting is unavailable");
            }
          },
          afterCommit: () => {},
        }),
      },
      stored: (records) => told.push(...records),
    });
    const count = await timeOutTasks(ctx, checks, { warn: (object) => warnings.push(object) });
    expect(count).toBeGreaterThanOrEqual(1);
    expect((await task(ends[0]!)).state).toBe("timeout");
    expect((await task(ends[1]!)).state).toBe("dispatched");
    expect(told.map((record) => record.monitorId)).toContain(monitor.id);
    expect(warnings).toContainEqual(expect.objectContaining({ task: ends[1] }));
    await timeOutTasks(ctx, new CheckIntake());
  });

  it("answers a task id that cannot be stored as not given, and refuses NUL characters in a result", async () => {
    const { agent, monitor, plan } = await setUp();
    for (const what of ["started", "result"]) {
      const answer = await call(agent, "POST", `/tasks/tsk_a%00b/${what}`, { failure: "No." });
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toContain("was given to this agent");
    }
    const id = await plan(clock.now - 5 * SECOND, "executing");
    const failure = await call(agent, "POST", `/tasks/${id}/result`, { failure: "bad\u0000" });
    expect(failure.status).toBe(400);
    expect(failure.body.detail).toContain("NUL");
    const error = await call(agent, "POST", `/tasks/${id}/result`, {
      started_at: clock.now - 4 * SECOND,
      outcome: { ...downOutcome, error: "reset\u0000by peer" },
    });
    expect(error.status).toBe(400);
    expect(error.body.detail).toContain("outcome.error");
    expect((await task(id)).state).toBe("executing");
    expect(await checks(monitor.id)).toEqual([]);
  });

  it("names a few of a result's unknown fields and keeps each logged refusal short", async () => {
    const { agent, plan } = await setUp();
    const id = await plan(clock.now - 5 * SECOND, "executing");
    const extra = Object.fromEntries(Array.from({ length: 10 }, (_, n) => [`field${n}`, n]));
    const answer = await call(agent, "POST", `/tasks/${id}/result`, {
      started_at: clock.now - 4 * SECOND,
      outcome: upOutcome,
      ...extra,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain("field0, field1, field2 and 7 more");
    expect(answer.body.detail).not.toContain("field3");
    await ctx.transact((trx) =>
      appendTaskLog(trx, id, { at: clock.now, message: "x".repeat(5000) }),
    );
    const log = JSON.parse((await task(id)).log) as { message: string }[];
    expect(log.at(-1)!.message).toHaveLength(1000);
  });

  it("forgets many day-old finished tasks a batch at a time until none is left", async () => {
    const { monitor, plan } = await setUp();
    const dayAgo = clock.now - 25 * 3_600_000;
    for (let n = 0; n < 5; n += 1) {
      const id = await plan(dayAgo + n, "dispatched");
      await db()
        .handle.db.updateTable("agent_tasks")
        .set({ state: "completed", finished_at: dayAgo + n })
        .where("id", "=", id)
        .execute();
    }
    expect(await pruneAgentTasks(ctx.db, clock.now, 2)).toBeGreaterThanOrEqual(5);
    const left = await db()
      .handle.db.selectFrom("agent_tasks")
      .select("id")
      .where("monitor_id", "=", monitor.id)
      .execute();
    expect(left).toEqual([]);
  });
});
