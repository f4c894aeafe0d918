import { expect, it } from "vitest";
import { createAgentAlertingHarness, sampleAt } from "../../../test/agent-alerting.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { updateAgentRule } from "../../services/agents/update-agent-rule.ts";
import { resolveAlertByHand } from "../resolve-by-hand.ts";
import { AgentAlerting } from "./agent-alerting.ts";

const MINUTE = 60_000;
const GIB = 1024 ** 3;

describeEachDatabase("agent alerts", (db) => {
  it("declares an agent offline after its setting once, and its next report resolves the alert", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("db-primary", { offlineAfterMinutes: 5 });
    const waiting = await h.agent("new-box", { reported: false });
    h.clock.now += 4 * MINUTE;
    expect(await h.alerting.checkOffline()).toEqual({ offline: 0, queued: 0 });
    h.clock.now += 61_000;
    expect((await h.alerting.checkOffline()).offline).toBe(1);
    expect((await h.alerting.checkOffline()).offline).toBe(0);
    const [alert] = await h.agentAlerts(agent.id);
    expect(alert).toMatchObject({
      kind: "agent-offline",
      severity: "critical",
      dedupe_key: "offline",
      state: "open",
      monitor_id: null,
      message: "db-primary has not reported for 5 minutes.",
    });
    expect(await h.agentAlerts(waiting.id)).toEqual([]);
    const offline = await h.db
      .selectFrom("agents")
      .select("offline_since")
      .where("id", "=", agent.id)
      .executeTakeFirstOrThrow();
    expect(Number(offline.offline_since)).toBe(h.clock.now);

    h.clock.now += 2 * MINUTE;
    await h.report(agent.id);
    const [resolved] = await h.agentAlerts(agent.id);
    expect(resolved).toMatchObject({ state: "resolved", resolution: "recovered" });
    const back = await h.db
      .selectFrom("agents")
      .select("offline_since")
      .where("id", "=", agent.id)
      .executeTakeFirstOrThrow();
    expect(back.offline_since).toBeNull();
  });

  it("waits two reporting intervals before declaring an agent that reports slowly offline", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("backup-box", { offlineAfterMinutes: 5 });
    await h.report(agent.id, [sampleAt(h.clock.now)], { monitoringInterval: 600 });
    h.clock.now += 19 * MINUTE;
    await h.alerting.checkOffline();
    expect(await h.agentAlerts(agent.id)).toEqual([]);
    h.clock.now += 61_000;
    await h.alerting.checkOffline();
    expect(await h.agentAlerts(agent.id)).toMatchObject([
      { kind: "agent-offline", message: "backup-box has not reported for 20 minutes." },
    ]);
  });

  it("counts silence from when a new offline watch started, so a long outage of the server pages nobody at once", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("db-primary", { offlineAfterMinutes: 5 });
    h.clock.now += 120 * MINUTE;
    const watch = new AgentAlerting({
      db: h.db,
      actx: h.actx,
      log: { warn: () => {} },
      onQueued: () => {},
    });
    await watch.checkOffline();
    h.clock.now += 4 * MINUTE;
    await watch.checkOffline();
    expect(await h.agentAlerts(agent.id)).toEqual([]);
    h.clock.now += 61_000;
    await watch.checkOffline();
    expect(await h.agentAlerts(agent.id)).toMatchObject([{ kind: "agent-offline" }]);
  });

  it("finds a due agent behind hundreds of silent agents whose longer reporting interval keeps them online", async () => {
    const h = await createAgentAlertingHarness(db());
    const slow = [];
    for (let i = 0; i < 210; i++) slow.push(await h.agent(`slow-${i}`));
    await h.db
      .updateTable("agents")
      .set({
        last_report_at: h.clock.now - 30 * MINUTE,
        reported_config: JSON.stringify({ monitoring_interval: 3600 }),
      })
      .where(
        "id",
        "in",
        slow.map((agent) => agent.id),
      )
      .execute();
    const due = await h.agent("db-primary", { offlineAfterMinutes: 5 });
    h.clock.now += 6 * MINUTE;
    await h.alerting.checkOffline();
    expect(await h.agentAlerts(due.id)).toMatchObject([{ kind: "agent-offline" }]);
    expect(await h.agentAlerts(slow[0]!.id)).toEqual([]);
  });

  it("fires CPU only when every sample of the duration is over, and one sample under resets it", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("db-primary");
    const rule = await h.rule(agent.id, "cpu", { threshold: 80, durationMinutes: 5 });
    const t0 = h.clock.now;
    const cpu = (minute: number, percent: number) =>
      sampleAt(t0 + minute * MINUTE, { cpu_percent: percent });
    await h.report(agent.id, [cpu(0, 90), cpu(1, 91), cpu(2, 92), cpu(3, 70), cpu(4, 95)]);
    await h.report(agent.id, [cpu(5, 95), cpu(6, 95), cpu(7, 95), cpu(8, 95)]);
    expect(await h.agentAlerts(agent.id)).toEqual([]);
    await h.report(agent.id, [cpu(9, 92)]);
    const [alert] = await h.agentAlerts(agent.id);
    expect(alert).toMatchObject({
      kind: "agent-cpu",
      severity: "warning",
      dedupe_key: `rule:${rule}:`,
      opened_at: t0 + 9 * MINUTE,
      message: "CPU on db-primary has been over 80% for 5 minutes (92%).",
    });
    await h.report(agent.id, [cpu(10, 50)]);
    expect((await h.agentAlerts(agent.id))[0]).toMatchObject({
      state: "resolved",
      resolution: "recovered",
      resolved_at: t0 + 10 * MINUTE,
    });
    const breaches = await h.db.selectFrom("agent_rule_breaches").selectAll().execute();
    expect(breaches).toEqual([]);
  });

  it("starts a duration over after a gap of more than two reporting intervals without samples", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("db-primary");
    const rule = await h.rule(agent.id, "cpu", { threshold: 80, durationMinutes: 5 });
    const t0 = h.clock.now;
    const cpu = (minute: number) => sampleAt(t0 + minute * MINUTE, { cpu_percent: 95 });
    await h.report(agent.id, [cpu(0), cpu(1), cpu(2)]);
    h.clock.now = t0 + 7 * MINUTE;
    await h.report(agent.id, [cpu(6), cpu(7)]);
    expect(await h.agentAlerts(agent.id)).toEqual([]);
    const [breach] = await h.db
      .selectFrom("agent_rule_breaches")
      .selectAll()
      .where("rule_id", "=", rule)
      .execute();
    expect([Number(breach?.since), Number(breach?.last_at)]).toEqual([
      t0 + 6 * MINUTE,
      t0 + 7 * MINUTE,
    ]);
    h.clock.now = t0 + 11 * MINUTE;
    await h.report(agent.id, [cpu(8), cpu(9), cpu(10), cpu(11)]);
    expect(await h.agentAlerts(agent.id)).toMatchObject([{ opened_at: t0 + 11 * MINUTE }]);
  });

  it("counts a slow agent's samples as consecutive when they come every interval", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("db-primary");
    await h.rule(agent.id, "cpu", { threshold: 80, durationMinutes: 10 });
    const t0 = h.clock.now;
    for (const minute of [0, 5, 10]) {
      h.clock.now = t0 + minute * MINUTE;
      await h.report(agent.id, [sampleAt(h.clock.now, { cpu_percent: 95 })], {
        monitoringInterval: 300,
      });
    }
    expect(await h.agentAlerts(agent.id)).toMatchObject([{ opened_at: t0 + 10 * MINUTE }]);
  });

  it("keeps a rule alert resolved by hand closed while its breach lasts, and opens it again after the condition cleared", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("db-primary");
    await h.rule(agent.id, "cpu", { threshold: 80 });
    const report = async (percent: number) => {
      h.clock.now += MINUTE;
      await h.report(agent.id, [sampleAt(h.clock.now, { cpu_percent: percent })]);
    };
    await report(95);
    const [alert] = await h.agentAlerts(agent.id);
    await resolveAlertByHand(h.db, h.actx, alert!, h.clock.now);
    await report(96);
    await report(97);
    expect((await h.agentAlerts(agent.id)).map((a) => a.state)).toEqual(["resolved"]);
    await report(20);
    await report(95);
    expect((await h.agentAlerts(agent.id)).map((a) => a.state)).toEqual(["resolved", "open"]);
  });

  it("watches each disk, each service, load per core and memory available", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("web-1");
    const disk = await h.rule(agent.id, "disk", { threshold: 15 });
    const service = await h.rule(agent.id, "service", {
      threshold: 0,
      services: ["nginx"],
      severity: "critical",
    });
    await h.rule(agent.id, "load", { threshold: 1 });
    await h.rule(agent.id, "memory", { threshold: 10, severity: "critical" });
    const bad = sampleAt(h.clock.now, {
      load: { one: 9.5, five: 5, fifteen: 3 },
      memory: { total_bytes: 10 * GIB, used_bytes: 9.5 * GIB, available_bytes: 0.5 * GIB },
      disks: [
        { mount: "/", description: "", total_bytes: 100 * GIB, used_bytes: 88 * GIB },
        { mount: "/var", description: "", total_bytes: 100 * GIB, used_bytes: 50 * GIB },
      ],
      services: [
        { name: "nginx", state: "stopped" },
        { name: "postgres", state: "stopped" },
      ],
    });
    await h.report(agent.id, [bad]);
    const messages = (await h.agentAlerts(agent.id)).map((a) => [a.kind, a.dedupe_key, a.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ["agent-disk", `rule:${disk}:/`, "Disk / on web-1 has 12% free (under 15%)."],
        ["agent-service", `rule:${service}:nginx`, "Service nginx on web-1 is stopped."],
        [
          "agent-load",
          expect.stringMatching(/^rule:/),
          "Load on web-1 is 9.5, over 4 (1 × 4 cores).",
        ],
        [
          "agent-memory",
          expect.stringMatching(/^rule:/),
          "Memory on web-1 has 5% available (under 10%).",
        ],
      ]),
    );
    expect(messages).toHaveLength(4);
    h.clock.now += MINUTE;
    await h.report(agent.id, [sampleAt(h.clock.now, { load: null })]);
    const states = (await h.agentAlerts(agent.id)).map((a) => `${a.kind}:${a.state}`).sort();
    expect(states).toEqual([
      "agent-disk:resolved",
      "agent-load:open",
      "agent-memory:resolved",
      "agent-service:resolved",
    ]);
  });

  it("resolves a disk's or service's alert once the sample no longer has it", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("web-1");
    const disk = await h.rule(agent.id, "disk", { threshold: 15 });
    const service = await h.rule(agent.id, "service", { threshold: 0 });
    const full = { mount: "/", description: "", total_bytes: 100 * GIB, used_bytes: 95 * GIB };
    await h.report(agent.id, [
      sampleAt(h.clock.now, { disks: [full], services: [{ name: "nginx", state: "stopped" }] }),
    ]);
    expect(await h.agentAlerts(agent.id)).toHaveLength(2);
    h.clock.now += MINUTE;
    await h.report(agent.id, [sampleAt(h.clock.now, { disks: [], services: [] })]);
    const alerts = await h.agentAlerts(agent.id);
    expect(alerts.map((a) => [a.dedupe_key, a.state, a.resolution]).sort()).toEqual(
      [
        [`rule:${disk}:/`, "resolved", "recovered"],
        [`rule:${service}:nginx`, "resolved", "recovered"],
      ].sort(),
    );
    const left = await h.db
      .selectFrom("agent_rule_breaches")
      .selectAll()
      .where("rule_id", "in", [disk, service])
      .execute();
    expect(left).toEqual([]);
  });

  it("resolves the alerts a changed rule no longer covers, in the change's transaction", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("web-1");
    const disk = await h.rule(agent.id, "disk", { threshold: 15 });
    const cpu = await h.rule(agent.id, "cpu", { threshold: 80 });
    const full = (mount: string) => ({
      mount,
      description: "",
      total_bytes: 100 * GIB,
      used_bytes: 95 * GIB,
    });
    await h.report(agent.id, [
      sampleAt(h.clock.now, { cpu_percent: 90, disks: [full("/"), full("/var")] }),
    ]);
    expect(await h.agentAlerts(agent.id)).toHaveLength(3);
    let woken = 0;
    const hooks = { actx: h.actx, queued: () => (woken += 1) };
    await updateAgentRule(h.ctx, hooks, h.access, agent.id, disk, { disks: ["/var"] });
    await updateAgentRule(h.ctx, hooks, h.access, agent.id, cpu, { threshold: 95 });
    const states = (await h.agentAlerts(agent.id)).map((a) => [a.dedupe_key, a.state]);
    expect(states.sort()).toEqual(
      [
        [`rule:${disk}:/`, "resolved"],
        [`rule:${disk}:/var`, "open"],
        [`rule:${cpu}:`, "resolved"],
      ].sort(),
    );
    const breaches = await h.db
      .selectFrom("agent_rule_breaches")
      .select("subject")
      .where("rule_id", "in", [disk, cpu])
      .execute();
    expect(breaches.map((b) => b.subject)).toEqual(["/var"]);
  });

  it("resolves a deleted rule's open alerts", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("web-1");
    const rule = await h.rule(agent.id, "cpu", { threshold: 50 });
    await h.report(agent.id, [sampleAt(h.clock.now, { cpu_percent: 99 })]);
    await h.db.transaction().execute(async (trx) => {
      await h.alerting.resolveRuleAlerts(trx, rule, h.clock.now);
      await trx.deleteFrom("agent_alert_rules").where("id", "=", rule).execute();
    });
    expect((await h.agentAlerts(agent.id))[0]).toMatchObject({
      state: "resolved",
      resolution: "rule-deleted",
    });
  });
});
