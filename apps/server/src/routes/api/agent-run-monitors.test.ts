import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { insertTestTask } from "../../../test/agent-tasks.ts";
import { createTestAgent } from "../../../test/agents.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { openNoAgentAlert } from "../../alerting/index.ts";
import { createServiceContext } from "../../services/context.ts";

describeEachDatabase("monitors that run from an agent", (db) => {
  let app: FastifyInstance;
  let account: Awaited<ReturnType<typeof createTestAccount>>;
  let other: Awaited<ReturnType<typeof createTestAccount>>;
  let hobby: Awaited<ReturnType<typeof createTestAccount>>;
  const clock = { now: Date.UTC(2027, 0, 15, 8) };
  const ctx = () => createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock.now });

  beforeAll(async () => {
    app = await buildTestApp(db(), { ctx: ctx() });
    account = await createTestAccount(db(), "business", ctx());
    other = await createTestAccount(db(), "business", ctx());
    hobby = await createTestAccount(db(), "hobby", ctx());
  });
  afterAll(() => app.close());

  const api = (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
    headers = account.headers,
  ) => app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  /** An agent of the account that reported at `clock.now` as version `version`. */
  async function agent(
    name: string,
    accountId = account.accountId,
    version = "2.1.0",
    capabilities = ["proxy-checks"],
  ) {
    const { id } = await createTestAgent(db().handle.db, accountId, name);
    await db()
      .handle.db.updateTable("agents")
      .set({
        version,
        capabilities: JSON.stringify(capabilities),
        first_report_at: clock.now,
        last_report_at: clock.now,
      })
      .where("id", "=", id)
      .execute();
    return id;
  }

  const intranet = (agentId: string, changes: object = {}) => ({
    type: "http",
    name: "Intranet",
    target: "http://10.0.0.5/health",
    interval_seconds: 300,
    agent_id: agentId,
    ...changes,
  });

  it("creates a monitor that runs from a proxy-capable agent of the account, private target and all", async () => {
    const agentId = await agent("intranet-gw");
    const response = await api("POST", "/monitors", intranet(agentId));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      target: "http://10.0.0.5/health",
      run_from: "agent",
      agent_id: agentId,
      agent: { id: agentId, name: "intranet-gw", status: "online", proxy_capable: true },
      runner_problem: null,
      unserved_regions: [],
    });
    const listed = (await api("GET", "/monitors")).json().data;
    expect(listed.find((monitor: { id: string }) => monitor.id === response.json().id)).toEqual(
      response.json(),
    );
  });

  it("refuses another account's agent, naming it as unknown to this account", async () => {
    const theirs = await agent("their-gw", other.accountId);
    const response = await api("POST", "/monitors", intranet(theirs));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: `This account has no agent ${theirs} to run the monitor from.`,
    });
  });

  it("refuses an agent whose key was revoked", async () => {
    const agentId = await agent("old-gw");
    await db()
      .handle.db.updateTable("agents")
      .set({ key_hash: null, key_lookup: null, key_revoked_at: clock.now })
      .where("id", "=", agentId)
      .execute();
    const response = await api("POST", "/monitors", intranet(agentId));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: "Agent old-gw's key was revoked, so it cannot run checks; issue it a new key first.",
    });
  });

  it("refuses an agent too old to run checks, naming its version", async () => {
    const agentId = await agent("legacy-gw", account.accountId, "2.0.0", []);
    const response = await api("POST", "/monitors", intranet(agentId));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail:
        "Agent legacy-gw (version 2.0.0) cannot run checks; upgrade it to version 2.1.0 or later.",
    });
  });

  it("refuses a multi-step monitor on an agent", async () => {
    const agentId = await agent("steps-gw");
    const response = await api("POST", "/monitors", {
      name: "Checkout flow",
      agent_id: agentId,
      steps: [
        {
          name: "home",
          type: "http_request",
          order_index: 1,
          config: { method: "GET", url: "https://example.com/" },
        },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain("A multi_step monitor cannot run from an agent");
  });

  it("refuses agents on a plan without them", async () => {
    const agentId = await agent("hobby-gw", hobby.accountId);
    const response = await api("POST", "/monitors", intranet(agentId), hobby.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail:
        "Your plan does not include agents, so a monitor cannot run from one; Business and Enterprise+ include them.",
    });
  });

  it("refuses an agent and regions in the same body", async () => {
    const agentId = await agent("both-gw");
    const created = await api("POST", "/monitors", intranet(agentId, { regions: ["us-west-1"] }));
    expect(created.statusCode).toBe(400);
    expect(created.json().detail).toMatch(
      /^A monitor runs from an agent or from regions, not both/,
    );
    const monitor = (await api("POST", "/monitors", intranet(agentId))).json();
    const patched = await api("PATCH", `/monitors/${monitor.id}`, {
      agent_id: agentId,
      region: "us-west-1",
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().detail).toMatch(/^A monitor runs from an agent or from regions/);
  });

  it("switches a monitor back to regions when regions or agent_id null are sent, and to an agent again", async () => {
    const agentId = await agent("switch-gw");
    const monitor = (await api("POST", "/monitors", intranet(agentId))).json();
    const toRegions = (
      await api("PATCH", `/monitors/${monitor.id}`, { regions: ["us-west-1"] })
    ).json();
    expect(toRegions).toMatchObject({
      run_from: "regions",
      agent_id: null,
      agent: null,
      regions: ["us-west-1"],
    });
    const toAgent = (await api("PATCH", `/monitors/${monitor.id}`, { agent_id: agentId })).json();
    expect(toAgent).toMatchObject({ run_from: "agent", agent_id: agentId });
    const renamed = (await api("PATCH", `/monitors/${monitor.id}`, { name: "Intranet 2" })).json();
    expect(renamed).toMatchObject({ name: "Intranet 2", run_from: "agent", agent_id: agentId });
    const back = (await api("PATCH", `/monitors/${monitor.id}`, { agent_id: null })).json();
    expect(back).toMatchObject({ run_from: "regions", agent_id: null, agent: null });
  });

  it("says why an agent-run monitor's checks fail when its agent is offline, revoked or deleted", async () => {
    const agentId = await agent("branch-gw");
    const monitor = (await api("POST", "/monitors", intranet(agentId))).json();
    const read = async () => (await api("GET", `/monitors/${monitor.id}`)).json();

    const lastReport = clock.now;
    clock.now += 10 * 60_000;
    expect(await read()).toMatchObject({
      agent: { name: "branch-gw", status: "offline" },
      runner_problem: `Agent branch-gw has been offline since ${new Date(lastReport).toISOString()}, so its tasks time out and count as failed checks.`,
    });

    await db()
      .handle.db.updateTable("agents")
      .set({ key_hash: null, key_lookup: null, key_revoked_at: clock.now })
      .where("id", "=", agentId)
      .execute();
    expect((await read()).runner_problem).toBe(
      "Agent branch-gw's key was revoked, so this monitor's checks are missed until the agent has a new key or the monitor runs from elsewhere.",
    );

    await db().handle.db.deleteFrom("agents").where("id", "=", agentId).execute();
    expect(await read()).toMatchObject({
      run_from: "agent",
      agent_id: null,
      agent: null,
      runner_problem:
        "The agent this monitor ran from was deleted, so its checks are missed; choose another agent or regions.",
    });
  });

  it("refuses to check an agent-run monitor now, saying when its checks run", async () => {
    const agentId = await agent("now-gw");
    const monitor = (await api("POST", "/monitors", intranet(agentId))).json();
    const response = await api("POST", `/monitors/${monitor.id}/check`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail:
        "This monitor runs from an agent: its checks run when the agent collects them, every 30 seconds, so it cannot be checked now.",
    });
  });

  it("resolves a monitor's no-agent alert when the monitor is changed", async () => {
    const agentId = await agent("gone-gw");
    const monitor = (await api("POST", "/monitors", intranet(agentId))).json();
    const opened = await openNoAgentAlert(
      db().handle.db,
      ctx(),
      {
        monitor: { id: monitor.id, account_id: account.accountId, name: "Intranet" },
        message: "Intranet runs from agent gone-gw, whose key was revoked.",
      },
      clock.now,
    );
    expect(
      await openNoAgentAlert(
        db().handle.db,
        ctx(),
        {
          monitor: { id: monitor.id, account_id: account.accountId, name: "Intranet" },
          message: "again",
        },
        clock.now,
      ),
    ).toBeNull();
    await api("PATCH", `/monitors/${monitor.id}`, { regions: ["us-west-1"] });
    const alert = await db()
      .handle.db.selectFrom("alerts")
      .selectAll()
      .where("id", "=", opened!.id)
      .executeTakeFirstOrThrow();
    expect(alert).toMatchObject({ state: "resolved", resolution: "monitor-changed" });
  });

  let planned = 0;

  /** Tasks of the monitor on the agent in each open state, and one already completed. */
  async function tasksInEveryState(monitorId: string, agentId: string) {
    const ids: Record<string, string> = {};
    for (const state of ["pending", "dispatched", "executing", "completed"] as const) {
      planned += 1;
      ids[state] = await insertTestTask(ctx(), {
        accountId: account.accountId,
        agentId,
        monitorId,
        plannedAt: clock.now - planned * 60_000,
        state,
      });
    }
    return ids;
  }

  /** Each task's state and result, by id. */
  async function tasksOf(monitorId: string) {
    const rows = await db()
      .handle.db.selectFrom("agent_tasks")
      .select(["id", "state", "result", "finished_at"])
      .where("monitor_id", "=", monitorId)
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        {
          state: row.state,
          result: row.result === null ? null : JSON.parse(row.result),
          finished_at: row.finished_at === null ? null : Number(row.finished_at),
        },
      ]),
    );
  }

  const withdrawn = (error: string) => ({
    state: "failed",
    result: { status: "down", response_time_ms: null, status_code: null, error },
    finished_at: clock.now,
  });
  const untouched = (state: string) => ({ state, result: null, finished_at: null });

  /** Expects the open tasks withdrawn for `error` and the finished one left as it was. */
  async function expectWithdrawn(monitorId: string, ids: Record<string, string>, error: string) {
    const tasks = await tasksOf(monitorId);
    expect(tasks.get(ids.pending!)).toEqual(withdrawn(error));
    expect(tasks.get(ids.dispatched!)).toEqual(withdrawn(error));
    expect(tasks.get(ids.executing!)).toEqual(withdrawn(error));
    expect(tasks.get(ids.completed!)).toEqual(untouched("completed"));
  }

  const checkCount = async (monitorId: string) =>
    (
      await db()
        .handle.db.selectFrom("check_results")
        .select("monitor_id")
        .where("monitor_id", "=", monitorId)
        .execute()
    ).length;

  it("withdraws a monitor's open tasks when its target, timeout, options, agent or runner change, storing no check", async () => {
    const agentId = await agent("change-gw");
    const spare = await agent("change-gw-2");
    const monitor = (await api("POST", "/monitors", intranet(agentId))).json();
    const changed = "The monitor was changed before the agent ran this check; it was withdrawn.";
    for (const [runsFrom, change] of [
      [agentId, { target: "http://10.0.0.6/health" }],
      [agentId, { timeout_seconds: 20 }],
      [agentId, { options: { method: "HEAD" } }],
      [agentId, { agent_id: spare }],
      [spare, { regions: ["us-west-1"] }],
    ] as const) {
      const ids = await tasksInEveryState(monitor.id, runsFrom);
      const response = await api("PATCH", `/monitors/${monitor.id}`, change);
      expect(response.statusCode).toBe(200);
      await expectWithdrawn(monitor.id, ids, changed);
    }
    expect(await checkCount(monitor.id)).toBe(0);
    expect((await api("GET", `/monitors/${monitor.id}`)).json().state).toBe("unknown");
  });

  it("keeps a renamed monitor's open tasks and its no-agent alert", async () => {
    const agentId = await agent("rename-gw");
    const monitor = (await api("POST", "/monitors", intranet(agentId))).json();
    const ids = await tasksInEveryState(monitor.id, agentId);
    const opened = await openNoAgentAlert(
      db().handle.db,
      ctx(),
      {
        monitor: { id: monitor.id, account_id: account.accountId, name: "Intranet" },
        message: "Intranet runs from agent rename-gw, whose key was revoked.",
      },
      clock.now,
    );
    const renamed = await api("PATCH", `/monitors/${monitor.id}`, {
      name: "Intranet portal",
      interval_seconds: 600,
      agent_id: agentId,
    });
    expect(renamed.statusCode).toBe(200);
    const tasks = await tasksOf(monitor.id);
    expect(tasks.get(ids.pending!)).toEqual(untouched("pending"));
    expect(tasks.get(ids.dispatched!)).toEqual(untouched("dispatched"));
    expect(tasks.get(ids.executing!)).toEqual(untouched("executing"));
    const alert = await db()
      .handle.db.selectFrom("alerts")
      .select(["state", "resolution"])
      .where("id", "=", opened!.id)
      .executeTakeFirstOrThrow();
    expect(alert).toEqual({ state: "open", resolution: null });
  });

  it("withdraws a monitor's open tasks when it is paused, by the pause button or a change", async () => {
    const agentId = await agent("pause-gw");
    const monitor = (await api("POST", "/monitors", intranet(agentId))).json();
    const paused = "The monitor was paused before the agent ran this check; it was withdrawn.";
    const first = await tasksInEveryState(monitor.id, agentId);
    expect((await api("POST", `/monitors/${monitor.id}/pause`)).statusCode).toBe(200);
    await expectWithdrawn(monitor.id, first, paused);

    expect((await api("POST", `/monitors/${monitor.id}/resume`)).statusCode).toBe(200);
    const second = await tasksInEveryState(monitor.id, agentId);
    expect((await api("PATCH", `/monitors/${monitor.id}`, { paused: true })).statusCode).toBe(200);
    await expectWithdrawn(monitor.id, second, paused);
    expect(await checkCount(monitor.id)).toBe(0);
  });

  it("withdraws an agent's open tasks when its key is revoked or a new key is issued, and no other agent's", async () => {
    const agentId = await agent("key-gw");
    const otherAgent = await agent("key-gw-other");
    const monitor = (await api("POST", "/monitors", intranet(agentId))).json();
    const bystander = (await api("POST", "/monitors", intranet(otherAgent))).json();
    const theirs = await tasksInEveryState(bystander.id, otherAgent);

    const beforeRevoke = await tasksInEveryState(monitor.id, agentId);
    expect((await api("DELETE", `/agents/${agentId}/key`)).statusCode).toBe(200);
    await expectWithdrawn(
      monitor.id,
      beforeRevoke,
      "The agent's key was revoked before it ran this check; it was withdrawn.",
    );

    const beforeNewKey = await tasksInEveryState(monitor.id, agentId);
    expect((await api("POST", `/agents/${agentId}/key`)).statusCode).toBe(200);
    await expectWithdrawn(
      monitor.id,
      beforeNewKey,
      "The agent was issued a new key before it ran this check; it was withdrawn.",
    );

    const bystanderTasks = await tasksOf(bystander.id);
    expect(bystanderTasks.get(theirs.pending!)).toEqual(untouched("pending"));
    expect(bystanderTasks.get(theirs.executing!)).toEqual(untouched("executing"));
    expect(await checkCount(monitor.id)).toBe(0);
  });

  it("refuses an agent id with a NUL character, naming the field", async () => {
    const detail = "agent_id must not contain NUL characters or broken Unicode.";
    const created = await api("POST", "/monitors", intranet("agt_\u0000x"));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ detail });
    const monitor = (await api("POST", "/monitors", intranet(await agent("nul-gw")))).json();
    const patched = await api("PATCH", `/monitors/${monitor.id}`, { agent_id: "agt_\u0000x" });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toEqual({ detail });
  });

  it("says an agent-run monitor's checks are missed once the account's plan no longer includes agents", async () => {
    const downgraded = await createTestAccount(db(), "business", ctx());
    const agentId = await agent("plan-gw", downgraded.accountId);
    const monitor = (await api("POST", "/monitors", intranet(agentId), downgraded.headers)).json();
    await db()
      .handle.db.updateTable("accounts")
      .set({ plan: "hobby" })
      .where("id", "=", downgraded.accountId)
      .execute();
    const read = await api("GET", `/monitors/${monitor.id}`, undefined, downgraded.headers);
    expect(read.json()).toMatchObject({
      run_from: "agent",
      agent_id: agentId,
      runner_problem:
        "Your plan no longer includes agents, so this monitor's checks are missed until the plan includes them again or the monitor runs from regions.",
    });
  });
});
