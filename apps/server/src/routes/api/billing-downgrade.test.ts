import { afterAll, beforeAll, expect, it } from "vitest";
import { createAgentRunMonitor } from "../../../test/agent-tasks.ts";
import { createTestAgent } from "../../../test/agents.ts";
import { type BilledServer, payThroughApp, startBilledServer } from "../../../test/billing.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { registerUser, type TestSession } from "../../../test/sessions.ts";
import { signedInMember } from "../../../test/team-members.ts";
import { ACCOUNT_COMMANDS } from "../../admin/commands/accounts.ts";
import { createServiceContext } from "../../services/context.ts";

describeEachDatabase("a downgrade below usage bought through billing", (db) => {
  let server: BilledServer;
  beforeAll(async () => {
    server = await startBilledServer(db());
  });
  afterAll(async () => {
    await server?.close();
  });

  const operator = () => createServiceContext(db().handle.db, TEST_SECRETS);
  const call: BilledServer["call"] = (...args) => server.call(...args);
  const planOf = (accountId: string) => server.planOf(accountId);

  /** What Business allows and Hobby does not: 12 one-minute monitors, one run by an agent, 3 people. */
  async function fillBusinessAccount(owner: TestSession): Promise<void> {
    for (let index = 0; index < 12; index++) {
      const created = await call(owner, "POST", "/monitors", {
        type: "http",
        name: `Site ${index + 1}`,
        target: `https://site-${index + 1}.example.com/`,
        interval_seconds: 60,
        ...(index === 0 ? { options: { headers: { "X-Team": "ops" } } } : {}),
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const agent = await createTestAgent(db().handle.db, owner.accountId);
    await createAgentRunMonitor(operator(), owner.accountId, agent.id);
    await signedInMember(server.app, db(), owner.accountId, "member");
    await signedInMember(server.app, db(), owner.accountId, "viewer");
  }

  /** The notice's sentences and each monitor's state after the move, in the order they were made. */
  async function afterTheMove(owner: TestSession) {
    const view = (await call(owner, "GET", "/account/plan-change")).json();
    const monitors = await db()
      .handle.db.selectFrom("monitors")
      .select(["name", "paused", "paused_by_plan", "interval_seconds", "run_from", "plan_held"])
      .where("account_id", "=", owner.accountId)
      .orderBy("created_at")
      .orderBy("name")
      .execute();
    return {
      plan: await planOf(owner.accountId),
      notice: {
        from: view.notice?.from_plan,
        to: view.notice?.to_plan,
        changes: view.notice?.changes.map((change: { kind: string; sentence: string }) => ({
          kind: change.kind,
          sentence: change.sentence,
        })),
      },
      activeMonitors: view.active_monitors,
      monitors: monitors.map((monitor) => ({
        name: monitor.name,
        paused: Number(monitor.paused),
        pausedByPlan: Number(monitor.paused_by_plan),
        interval: monitor.interval_seconds,
        runFrom: monitor.run_from,
        held: monitor.plan_held !== null,
      })),
    };
  }

  it("ends, once Stripe's event arrives, on Hobby with what no longer fits paused exactly as set-plan does it", async () => {
    const payer = await registerUser(server.app);
    await payThroughApp(server, payer, { plan: "business", interval: "month" });
    await server.fake.deliverPending();
    expect(await planOf(payer.accountId)).toBe("business");
    await fillBusinessAccount(payer);
    const changed = await call(payer, "POST", "/billing/change", { plan: "hobby" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await planOf(payer.accountId)).toBe("business");
    const deliveries = await server.fake.deliverPending();
    expect(deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    const billed = await afterTheMove(payer);

    const operated = await registerUser(server.app);
    await ACCOUNT_COMMANDS["set-plan"]!(operator(), {
      account: operated.accountId,
      plan: "business",
    });
    await fillBusinessAccount(operated);
    await ACCOUNT_COMMANDS["set-plan"]!(operator(), { account: operated.accountId, plan: "hobby" });
    const byOperator = await afterTheMove(operated);

    expect(billed).toEqual(byOperator);
    expect(billed.plan).toBe("hobby");
    expect(billed.notice).toMatchObject({ from: "business", to: "hobby" });
    expect(billed.notice.changes).toEqual([
      {
        kind: "monitor-paused",
        sentence: "Site 11 is paused: the Hobby plan allows 10 active monitors.",
      },
      {
        kind: "monitor-paused",
        sentence: "Site 12 is paused: the Hobby plan allows 10 active monitors.",
      },
      {
        kind: "monitor-paused",
        sentence: "Site is paused: the Hobby plan does not include agents.",
      },
      expect.objectContaining({ kind: "users-over-limit" }),
    ]);
    expect(billed.activeMonitors).toBe(10);
    expect(billed.monitors.filter((monitor) => monitor.paused === 1).map((m) => m.name)).toEqual([
      "Site 11",
      "Site 12",
      "Site",
    ]);
    expect(billed.monitors.some((monitor) => monitor.held)).toBe(false);
    const fromRegions = billed.monitors.filter((monitor) => monitor.runFrom !== "agent");
    expect(fromRegions.every((monitor) => monitor.interval === 60)).toBe(true);
  });
});
