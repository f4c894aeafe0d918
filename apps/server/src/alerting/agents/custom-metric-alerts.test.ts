import type { CustomMetricSampleInput } from "@upwatch/api";
import { expect, it } from "vitest";
import { createAgentAlertingHarness, sampleAt } from "../../../test/agent-alerting.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

const MINUTE = 60_000;

describeEachDatabase("alerts on custom agent metrics", (db) => {
  async function setUp(rule: {
    labels?: Record<string, string>;
    comparison?: "above" | "below";
    threshold: number;
    durationMinutes?: number;
  }) {
    const h = await createAgentAlertingHarness(db(), "enterprise");
    const agent = await h.agent("worker-1");
    const id = h.ctx.newId("arl");
    await h.db
      .insertInto("agent_alert_rules")
      .values({
        id,
        account_id: h.account.accountId,
        agent_id: agent.id,
        kind: "custom",
        threshold: rule.threshold,
        duration_minutes: rule.durationMinutes ?? 0,
        severity: "warning",
        disks: null,
        services: null,
        metric: "queue_depth",
        labels: rule.labels ? JSON.stringify(rule.labels) : null,
        comparison: rule.comparison ?? "above",
        created_at: h.clock.now,
        updated_at: h.clock.now,
      })
      .execute();
    return { h, agent, rule: id };
  }
  const queues = (mail: number | null, thumbnails = 1): CustomMetricSampleInput[] => [
    { name: "queue_depth", labels: { queue: "mail" }, value: mail },
    { name: "queue_depth", labels: { queue: "thumbnails" }, value: thumbnails },
    { name: "other_metric", labels: { queue: "mail" }, value: 1e9 },
  ];

  it("opens an alert for the series over the threshold for the whole duration, and resolves it when it falls back", async () => {
    const { h, agent, rule } = await setUp({
      labels: { queue: "mail" },
      threshold: 100,
      durationMinutes: 2,
    });
    const t0 = h.clock.now;
    const at = (minute: number, mail: number | null, thumbnails = 1) =>
      sampleAt(t0 + minute * MINUTE, { custom_metrics: queues(mail, thumbnails) });
    await h.report(agent.id, [at(0, 150, 500), at(1, 160, 500)]);
    expect(await h.agentAlerts(agent.id)).toEqual([]);
    await h.report(agent.id, [at(2, 170, 500)]);
    const [alert] = await h.agentAlerts(agent.id);
    expect(alert).toMatchObject({
      kind: "agent-custom",
      state: "open",
      dedupe_key: `rule:${rule}:queue_depth{queue="mail"}`,
      opened_at: t0 + 2 * MINUTE,
      message: 'queue_depth{queue="mail"} on worker-1 is 170, above 100 for 2 minutes.',
    });
    await h.report(agent.id, [at(3, null)]);
    expect((await h.agentAlerts(agent.id))[0]).toMatchObject({ state: "open" });
    await h.report(agent.id, [at(4, 20)]);
    expect(await h.agentAlerts(agent.id)).toMatchObject([
      { state: "resolved", resolution: "recovered", resolved_at: t0 + 4 * MINUTE },
    ]);
  });

  it("watches every series of the metric without labels, each its own alert, and can fire below a threshold", async () => {
    const { h, agent } = await setUp({ comparison: "below", threshold: 5 });
    await h.report(agent.id, [sampleAt(h.clock.now, { custom_metrics: queues(2, 3) })]);
    const alerts = await h.agentAlerts(agent.id);
    expect(alerts.map((alert) => alert.dedupe_key?.split(":").slice(2).join(":")).sort()).toEqual([
      'queue_depth{queue="mail"}',
      'queue_depth{queue="thumbnails"}',
    ]);
    expect(alerts.map((alert) => alert.message).sort()).toEqual([
      'queue_depth{queue="mail"} on worker-1 is 2, below 5.',
      'queue_depth{queue="thumbnails"} on worker-1 is 3, below 5.',
    ]);
  });

  it("resolves a custom metric's alert once the account's plan no longer includes custom metrics", async () => {
    const { h, agent } = await setUp({ labels: { queue: "mail" }, threshold: 100 });
    const t0 = h.clock.now;
    await h.report(agent.id, [sampleAt(t0, { custom_metrics: queues(150) })]);
    expect((await h.agentAlerts(agent.id))[0]).toMatchObject({ state: "open" });
    await h.db
      .updateTable("accounts")
      .set({ plan: "business" })
      .where("id", "=", h.account.accountId)
      .execute();
    await h.report(agent.id, [sampleAt(t0 + MINUTE)]);
    expect(await h.agentAlerts(agent.id)).toMatchObject([
      { state: "resolved", resolution: "recovered", resolved_at: t0 + MINUTE },
    ]);
  });
});
