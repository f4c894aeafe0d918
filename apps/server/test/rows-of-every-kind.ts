import type { FastifyInstance } from "fastify";
import { createServiceContext } from "../src/services/context.ts";
import { createAgentRunMonitor, insertTestTask } from "./agent-tasks.ts";
import { createTestAgent } from "./agents.ts";
import type { TestDatabase } from "./databases.ts";
import { TEST_SECRETS } from "./secrets.ts";
import { logInRequest, registerUser, sessionFrom, type TestSession } from "./sessions.ts";
import { insertConfirmedSubscriber } from "./status-incident-pages.ts";
import { setAccountPlan, signedInMember } from "./team-members.ts";

/**
 * The id of one row of each kind, by the word paths and fields name it with (`monitor`, `page`,
 * `child_monitor` for a second monitor).
 */
export type RowIds = Record<string, string>;

/** An Enterprise+ account's owner, signed in, with one row of every kind the API reaches. */
export interface FilledAccount {
  owner: TestSession;
  rows: RowIds;
  /** An agent of the account with its key and a task, for the agent API. */
  agent: { id: string; headers: Record<string, string>; taskId: string };
}

let counter = 0;

/**
 * Registers an owner, puts the account on Enterprise+ and adds, through the API where it is
 * cheap and in the database otherwise, a monitor, group, channel, dependency, status page with
 * its parts, agent with a rule, task and alert, role, member, invitation, key and variable.
 */
export async function fillAccount(app: FastifyInstance, db: TestDatabase): Promise<FilledAccount> {
  counter += 1;
  const owner = await registerUser(app);
  await setAccountPlan(db, owner.accountId, "enterprise");
  const call: Call = async (method, url, payload) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: owner.headers,
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300) {
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return response.json();
  };
  const rows: RowIds = { account: owner.accountId };
  const ping = (name: string) =>
    call("POST", "/monitors", { type: "ping", name, target: "gateway.example.com" });
  rows.monitor = (await ping("Gateway")).id;
  rows.child_monitor = (await ping("Router")).id;
  rows.group = (
    await call("POST", "/groups", { name: "Production", monitor_ids: [rows.monitor] })
  ).id;
  rows.channel = (
    await call("POST", "/channels", { type: "email", config: { address: "ops@example.com" } })
  ).id;
  rows.dependency = (
    await call("POST", "/dependencies", {
      parent_monitor_id: rows.monitor,
      child_monitor_id: rows.child_monitor,
    })
  ).id;
  await fillStatusPage(call, rows);
  await fillAgent(db, call, rows);
  rows.role = (await call("POST", "/roles", { name: "Watcher", permissions: ["view"] })).id;
  rows.invitation = (
    await call("POST", "/invitations", { email: `invited-${counter}@example.com`, role: "viewer" })
  ).id;
  rows.key = (await call("POST", "/api-keys", { name: "Deploys", scope: "read" })).id;
  rows.variable = "DEPLOY_TOKEN";
  const board = await call("POST", "/dashboards", {
    name: "Operations",
    widgets: [{ type: "uptime", settings: { monitor_id: rows.monitor }, x: 0, y: 0, w: 3, h: 2 }],
  });
  rows.dashboard = board.id;
  rows.widget = board.widgets[0]!.id;
  rows.link = (await call("POST", `/dashboards/${board.id}/share-links`, { name: "TV" })).id;
  await call("POST", "/secure-variables", { name: rows.variable, value: "s3cret-deploy-token" });
  rows.user = (await signedInMember(app, db, owner.accountId, "member")).userId;
  rows.session = await secondSessionId(app, owner);
  const agent = await newAgentWithTask(db, owner.accountId);
  rows.task = agent.taskId;
  return { owner, rows, agent };
}

/** The parts of the API's answers the rows are read from. */
interface Created {
  id: string;
  agent: { id: string };
  updates: { id: string }[];
  widgets: { id: string }[];
}

type Call = (method: "POST" | "PUT" | "GET", url: string, payload?: object) => Promise<Created>;

async function fillStatusPage(call: Call, rows: RowIds) {
  const slug = `status-${counter}-${Date.now()}`;
  rows.page = (await call("POST", "/status-pages", { name: "Acme status", slug })).id;
  const page = `/status-pages/${rows.page}`;
  rows.section = (await call("POST", `${page}/sections`, { name: "Core" })).id;
  rows.component = (
    await call("POST", `${page}/components`, { name: "API", section_id: rows.section })
  ).id;
  const incident = await call("POST", `${page}/incidents`, {
    title: "Slow API",
    message: "We are looking into it.",
  });
  rows.incident = incident.id;
  const update = incident.updates[0];
  if (!update) throw new Error("The incident was opened without its first update.");
  rows.update = update.id;
  rows.maintenance = (
    await call("POST", `${page}/maintenances`, {
      title: "Upgrade",
      message: "The database is upgraded.",
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      ends_at: new Date(Date.now() + 90_000_000).toISOString(),
      component_ids: [rows.component],
    })
  ).id;
}

async function fillAgent(db: TestDatabase, call: Call, rows: RowIds) {
  const created = await call("POST", "/agents", { name: "db-primary", os: "linux" });
  rows.agent = created.agent.id;
  rows.rule = (await call("POST", `/agents/${rows.agent}/alert-rules`, { kind: "cpu" })).id;
  const now = Date.now();
  await db.handle.db
    .insertInto("alerts")
    .values({
      id: `alr_rows_${counter}_${now}`,
      account_id: rows.account as string,
      monitor_id: null,
      agent_id: rows.agent,
      incident_id: null,
      kind: "agent-cpu",
      severity: "warning",
      message: "CPU on db-primary has been over 80% for 5 minutes (92%).",
      dedupe_key: `rule:${rows.rule}`,
      state: "open",
      opened_at: now,
      acknowledged_at: null,
      resolved_at: null,
      resolution: null,
      notifications_sent: 0,
      next_due_at: null,
      held: 0,
      page_token: `token-rows-${counter}-${now}`,
    })
    .execute();
  rows.alert = `alr_rows_${counter}_${now}`;
  rows.subscriber = await insertConfirmedSubscriber(
    db.handle.db,
    rows.page as string,
    `reader-${counter}@example.com`,
  );
}

/** An agent of the account with its key and a pending task; each has its own request allowance. */
export async function newAgentWithTask(db: TestDatabase, accountId: string) {
  const ctx = createServiceContext(db.handle.db, TEST_SECRETS);
  const agent = await createTestAgent(db.handle.db, accountId, "proxy");
  const monitor = await createAgentRunMonitor(ctx, accountId, agent.id);
  const taskId = await insertTestTask(ctx, {
    accountId,
    agentId: agent.id,
    monitorId: monitor.id,
    plannedAt: Date.now(),
  });
  return { ...agent, taskId };
}

/** The id of another session of the owner, so no request ends the one the calls use. */
async function secondSessionId(app: FastifyInstance, owner: TestSession): Promise<string> {
  const second = sessionFrom(
    await logInRequest(app, owner.email, owner.password),
    owner.email,
    owner.password,
  );
  const listed = await app.inject({
    method: "GET",
    url: "/api/v1/auth/sessions",
    headers: second.cookie,
  });
  const current = listed.json().data.find((session: { current: boolean }) => session.current);
  return current.id;
}
