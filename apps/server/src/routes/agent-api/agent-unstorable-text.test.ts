import type { AgentReportBatch } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { createAgentRunMonitor, insertTestTask } from "../../../test/agent-tasks.ts";
import { createTestAgent, storedAgentRows, testBatch, testSample } from "../../../test/agents.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createServiceContext, type ServiceContext } from "../../services/context.ts";

const REFUSED = /must not contain NUL characters or broken Unicode(\.|\)\.)$/;
// A NUL character, and the first half of a surrogate pair with no second half.
const UNSTORABLE = { "a NUL character": "a\u0000b", "a lone surrogate": "a\ud800b" };

/** Each text of a report batch, with the batch carrying `text` in it. */
const REPORT_FIELDS: [string, RegExp, (batch: AgentReportBatch, text: string) => void][] = [
  ["the hostname", /^Agent\.hostname: The hostname /, (b, t) => (b.agent.hostname = t)],
  ["the platform", /^Agent\.platform: The platform /, (b, t) => (b.agent.platform = t)],
  ["the architecture", /^Agent\.arch: The architecture /, (b, t) => (b.agent.arch = t)],
  [
    "a capability",
    /^Agent\.capabilities\[0\]: A capability /,
    (b, t) => (b.agent.capabilities = [t]),
  ],
  [
    "a disk's mount point",
    /^Report 1 of the batch: reports\[0\]\.disks\[0\]\.mount: A disk's mount point /,
    (b, t) => (b.reports[0]!.disks[0]!.mount = t),
  ],
  [
    "a disk's description",
    /^Report 1 of the batch: reports\[0\]\.disks\[0\]\.description: A disk's description /,
    (b, t) => (b.reports[0]!.disks[0]!.description = t),
  ],
  [
    "a service name",
    /^Report 1 of the batch: reports\[0\]\.services\[0\]\.name: A service name /,
    (b, t) => (b.reports[0]!.services[0]!.name = t),
  ],
];

const outcome = {
  status: "up",
  responseTimeMs: 42,
  timings: { dnsMs: 1, connectMs: 2, tlsMs: null, firstByteMs: 30 },
  statusCode: 200,
  error: null,
};
const step = {
  name: "Sign in",
  type: "http_request",
  status: "passed",
  path: "normal",
  startedMs: 0,
  durationMs: 20,
  request: { method: "GET", url: "https://example.com/sign-in" },
  statusCode: 200,
  timings: null,
  actual: "200",
  expected: "200",
  variables: ["token"],
  logs: ["signed in"],
  error: null,
};

/** Each text of a task result, with the result carrying `text` in it. */
const RESULT_FIELDS: [string, string, (text: string) => object][] = [
  ["the error", "outcome.error", (t) => ({ outcome: { ...outcome, status: "down", error: t } })],
  [
    "the certificate fingerprint",
    "outcome.certificate.fingerprint",
    (t) => ({ outcome: { ...outcome, certificate: { fingerprint: t, validTo: 1_900_000_000 } } }),
  ],
  ["a step's name", "outcome.steps[0].name", (t) => ({ outcome: withStep({ name: t }) })],
  [
    "a step's request URL",
    "outcome.steps[0].request.url",
    (t) => ({ outcome: withStep({ request: { method: "GET", url: t } }) }),
  ],
  [
    "a step's actual value",
    "outcome.steps[0].actual",
    (t) => ({ outcome: withStep({ actual: t }) }),
  ],
  ["a step's log line", "outcome.steps[0].logs[0]", (t) => ({ outcome: withStep({ logs: [t] }) })],
  [
    "a step's variable name",
    "outcome.steps[0].variables[0]",
    (t) => ({ outcome: withStep({ variables: [t] }) }),
  ],
  ["a step's error", "outcome.steps[0].error", (t) => ({ outcome: withStep({ error: t }) })],
  ["the failure", "failure", (t) => ({ failure: t })],
];

function withStep(changes: object) {
  return { ...outcome, steps: [{ ...step, ...changes }] };
}

describeEachDatabase("agent reports and task results carrying text no database can store", (db) => {
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

  const agentRow = (agentId: string) =>
    db()
      .handle.db.selectFrom("agents")
      .select(["hostname", "platform", "arch", "latest_report", "last_report_at"])
      .where("id", "=", agentId)
      .executeTakeFirstOrThrow();

  for (const [field, detail, put] of REPORT_FIELDS) {
    for (const [what, text] of Object.entries(UNSTORABLE)) {
      it(`refuses a report whose ${field.replace(/^the /, "")} holds ${what}, naming the field, and stores nothing`, async () => {
        const agent = await createTestAgent(db().handle.db, accountId);
        const batch = testBatch(clock.now, [testSample(clock.now)]);
        put(batch, text);
        const response = await app.inject({
          method: "POST",
          url: "/agent/v1/reports",
          headers: agent.headers,
          payload: batch,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toMatch(detail);
        expect(response.json().detail).toMatch(REFUSED);
        expect(await storedAgentRows(db().handle.db, agent.id)).toEqual({
          samples: 0,
          disks: 0,
          batches: 0,
        });
        expect(await agentRow(agent.id)).toEqual({
          hostname: null,
          platform: null,
          arch: null,
          latest_report: null,
          last_report_at: null,
        });
      });
    }
  }

  it("still stores a task result whose texts are all storable", async () => {
    const agent = await createTestAgent(db().handle.db, accountId);
    const monitor = await createAgentRunMonitor(ctx, accountId, agent.id);
    const taskId = await insertTestTask(ctx, {
      accountId,
      agentId: agent.id,
      monitorId: monitor.id,
      plannedAt: clock.now - 5000,
      state: "executing",
    });
    const response = await app.inject({
      method: "POST",
      url: `/agent/v1/tasks/${taskId}/result`,
      headers: agent.headers,
      payload: {
        started_at: clock.now - 4000,
        outcome: {
          ...withStep({}),
          certificate: { fingerprint: "AB:CD:EF", validTo: 1_900_000_000_000 },
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().state).toBe("completed");
  });

  for (const [field, path, body] of RESULT_FIELDS) {
    for (const [what, text] of Object.entries(UNSTORABLE)) {
      it(`refuses a task result whose ${field.replace(/^the /, "")} holds ${what}, naming the field, and stores no check`, async () => {
        const agent = await createTestAgent(db().handle.db, accountId);
        const monitor = await createAgentRunMonitor(ctx, accountId, agent.id);
        const taskId = await insertTestTask(ctx, {
          accountId,
          agentId: agent.id,
          monitorId: monitor.id,
          plannedAt: clock.now - 5000,
          state: "executing",
        });
        const result = body(text);
        const response = await app.inject({
          method: "POST",
          url: `/agent/v1/tasks/${taskId}/result`,
          headers: agent.headers,
          payload: "failure" in result ? result : { started_at: clock.now - 4000, ...result },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toContain(path);
        expect(response.json().detail).toMatch(REFUSED);
        const task = await db()
          .handle.db.selectFrom("agent_tasks")
          .select(["state", "result"])
          .where("id", "=", taskId)
          .executeTakeFirstOrThrow();
        expect(task).toEqual({ state: "executing", result: null });
        const checks = await db()
          .handle.db.selectFrom("check_results")
          .select("planned_at")
          .where("monitor_id", "=", monitor.id)
          .execute();
        expect(checks).toEqual([]);
      });
    }
  }
});
