import { expect, it } from "vitest";
import { createAgentAlertingHarness, sampleAt } from "../../../test/agent-alerting.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import type { AgentKeyCache } from "../../services/agents/authenticate-agent.ts";
import { issueAgentKey } from "../../services/agents/issue-agent-key.ts";
import { revokeAgentKey } from "../../services/agents/revoke-agent-key.ts";
import { acknowledgeAlert } from "../../services/alerts/acknowledge-alert.ts";
import { viewAlerts } from "../../services/alerts/alert-view.ts";
import { quietAlertingHooks } from "../../services/alerts/alerting-hooks.ts";
import { resolveAlertByHand } from "../resolve-by-hand.ts";

/** These tests call the services directly: no server keeps keys in memory. */
const NO_KEY_CACHE: AgentKeyCache = { forget: () => {} };

const MINUTE = 60_000;

describeEachDatabase("agent alert notifications", (db) => {
  it("repeats an agent's alert on the escalation schedule to its channels until acknowledged", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("db-primary");
    const webhook = await h.channel("webhook", agent.id);
    await h.rule(agent.id, "cpu", { threshold: 80, severity: "critical" });
    const start = h.clock.now;
    await h.report(agent.id, [sampleAt(start, { cpu_percent: 97 })]);
    await h.advanceBefore(start + 25 * MINUTE);
    const timeline = async () =>
      (await h.agentNotifications(agent.id)).map(
        (n) => `${n.event}@${(n.created_at - start) / MINUTE}`,
      );
    expect(await timeline()).toEqual(["agent.alert@0", "alert.escalated@10", "alert.escalated@20"]);
    const [first] = await h.agentNotifications(agent.id);
    expect(first).toMatchObject({ channel_id: webhook, agent_id: agent.id, monitor_id: null });
    const [alert] = await h.agentAlerts(agent.id);
    await acknowledgeAlert(h.ctx, quietAlertingHooks(h.actx), h.access, alert!.id);
    await h.advanceBefore(start + 200 * MINUTE);
    expect(await timeline()).toHaveLength(3);
    await h.report(agent.id, [sampleAt(h.clock.now, { cpu_percent: 10 })]);
    expect((await timeline()).at(-1)).toBe(`alert.resolved@${(h.clock.now - start) / MINUTE}`);
  });

  it("times the first notice and the repeats of a buffered sample's alert from when the batch arrived", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("db-primary");
    await h.channel("webhook", agent.id);
    await h.rule(agent.id, "cpu", { threshold: 80 });
    const sampled = h.clock.now;
    h.clock.now += 40 * MINUTE;
    const received = h.clock.now;
    await h.report(agent.id, [sampleAt(sampled, { cpu_percent: 97 })]);
    const [alert] = await h.agentAlerts(agent.id);
    expect(alert).toMatchObject({
      opened_at: sampled,
      notifications_sent: 1,
      next_due_at: received + 10 * MINUTE,
    });
    await h.advanceBefore(received + 15 * MINUTE);
    const sent = await h.agentNotifications(agent.id);
    expect(sent.map((n) => [n.event, (n.created_at - received) / MINUTE])).toEqual([
      ["agent.alert", 0],
      ["alert.escalated", 10],
    ]);
  });

  it("sends the load a load rule compares with on every notice, and no threshold for a service", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("web-1");
    await h.channel("webhook", agent.id);
    await h.rule(agent.id, "load", { threshold: 1.5 });
    await h.rule(agent.id, "service", { threshold: 0, services: ["nginx"] });
    const start = h.clock.now;
    await h.report(agent.id, [
      sampleAt(start, {
        load: { one: 9.5, five: 5, fifteen: 3 },
        services: [{ name: "nginx", state: "stopped" }],
      }),
    ]);
    await h.advanceBefore(start + 15 * MINUTE);
    const load = (await h.agentAlerts(agent.id)).find((a) => a.kind === "agent-load");
    await resolveAlertByHand(h.db, h.actx, load!, h.clock.now);
    const notices = (await h.agentNotifications(agent.id)).map((n) => {
      const { payload } = JSON.parse(n.message);
      return [payload.alert.kind, payload.event, payload.alert.threshold];
    });
    expect(notices.filter(([kind]) => kind === "agent-load")).toEqual([
      ["agent-load", "agent.alert", 6],
      ["agent-load", "alert.escalated", 6],
      ["agent-load", "alert.resolved", 6],
    ]);
    expect(notices.filter(([kind]) => kind === "agent-service")).toEqual([
      ["agent-service", "agent.alert", null],
      ["agent-service", "alert.escalated", null],
    ]);
  });

  it("sends an agent's offline alert only through channel types its plan allows", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("db-primary");
    const mail = await h.channel("email", agent.id);
    const hook = await h.channel("webhook", agent.id);
    h.clock.now += 6 * MINUTE;
    const declared = h.clock.now;
    await h.alerting.checkOffline();
    // The account moves to a plan whose only channel is e-mail: repeats go by e-mail alone.
    await h.db
      .updateTable("accounts")
      .set({ plan: "free" })
      .where("id", "=", h.account.accountId)
      .execute();
    await h.advanceBefore(declared + 15 * MINUTE);
    const all = await h.agentNotifications(agent.id);
    expect(all.map((n) => [n.event, n.channel_id]).sort()).toEqual(
      [
        ["agent.offline", mail],
        ["agent.offline", hook],
        ["alert.escalated", mail],
      ].sort(),
    );
    const sent = all.filter((n) => n.event === "agent.offline");
    const message = JSON.parse(sent[0]!.message);
    expect(message.payload).toEqual({
      event: "agent.offline",
      timestamp: new Date(declared).toISOString().replace(".000", ""),
      agent: { id: agent.id, name: "db-primary", hostname: "db-primary.internal", os: "linux" },
      alert: {
        id: expect.stringMatching(/^alt_/),
        severity: "critical",
        message: "db-primary has not reported for 5 minutes.",
        kind: "agent-offline",
        value: null,
        threshold: null,
        subject: null,
      },
      metadata: { rule_id: null, offline_after_minutes: 5 },
    });
    expect(message.alertUrl).toMatch(/^http:\/\/upwatch\.test\/a\//);
  });

  it("tells an agent is back with agent.online, and closes its offline alert silently when its key is revoked until a new key is due", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("db-primary");
    await h.channel("webhook", agent.id);
    h.clock.now += 6 * MINUTE;
    await h.alerting.checkOffline();
    h.clock.now += MINUTE;
    await h.report(agent.id);
    h.clock.now += 6 * MINUTE;
    await h.alerting.checkOffline();
    await revokeAgentKey(h.ctx, h.access, agent.id, NO_KEY_CACHE);
    const alerts = await h.agentAlerts(agent.id);
    expect(alerts.map((a) => [a.state, a.resolution])).toEqual([
      ["resolved", "recovered"],
      ["resolved", "key-revoked"],
    ]);
    h.clock.now += 60 * MINUTE;
    await h.alerting.checkOffline();
    expect(await h.agentAlerts(agent.id)).toHaveLength(2);
    const events = (await h.agentNotifications(agent.id)).map((n) => n.event);
    expect(events).toEqual(["agent.offline", "agent.online", "agent.offline"]);
    const row = await h.db
      .selectFrom("agents")
      .select("offline_since")
      .where("id", "=", agent.id)
      .executeTakeFirstOrThrow();
    expect(row.offline_since).toBeNull();

    await issueAgentKey(h.ctx, h.access, agent.id, NO_KEY_CACHE);
    h.clock.now += 4 * MINUTE;
    await h.alerting.checkOffline();
    expect(await h.agentAlerts(agent.id)).toHaveLength(2);
    h.clock.now += 61_000;
    await h.alerting.checkOffline();
    expect((await h.agentAlerts(agent.id)).map((a) => a.state)).toEqual([
      "resolved",
      "resolved",
      "open",
    ]);
  });

  it("watches no agent of a plan without agents", async () => {
    const h = await createAgentAlertingHarness(db(), "free");
    const agent = await h.agent("db-primary");
    h.clock.now += 60 * MINUTE;
    await h.alerting.checkOffline();
    expect(await h.agentAlerts(agent.id)).toEqual([]);
  });

  it("holds an agent's alert while its parent monitor is down and sends it when the monitor recovers", async () => {
    const h = await createAgentAlertingHarness(db());
    const router = await h.monitor("Office router", { failureThreshold: 1 });
    const agent = await h.agent("office-nas");
    await h.channel("webhook", agent.id);
    await h.db
      .insertInto("agent_dependencies")
      .values({
        id: h.ctx.newId("dep"),
        account_id: h.account.accountId,
        agent_id: agent.id,
        parent_monitor_id: router.id,
        created_at: h.clock.now,
      })
      .execute();
    await h.check(router.id, false);
    h.clock.now += 6 * MINUTE;
    await h.alerting.checkOffline();
    const [alert] = await h.agentAlerts(agent.id);
    expect(alert).toMatchObject({ state: "open", held: 1, notifications_sent: 0 });
    expect(await h.agentNotifications(agent.id)).toEqual([]);
    expect(await viewAlerts(h.db, [alert!], h.clock.now)).toMatchObject([
      {
        agent_id: agent.id,
        monitor_id: null,
        subject: { type: "agent", id: agent.id, name: "office-nas" },
        suppressed: true,
        suppressed_by: [router.id],
        held_by: [{ monitor_id: router.id, name: "Office router" }],
      },
    ]);
    h.clock.now += MINUTE;
    await h.check(router.id, true);
    expect((await h.agentNotifications(agent.id)).map((n) => n.event)).toEqual(["agent.offline"]);
    expect((await h.agentAlerts(agent.id))[0]).toMatchObject({ held: 0, notifications_sent: 1 });
  });
});
