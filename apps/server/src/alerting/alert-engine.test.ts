import { expect, it } from "vitest";
import { type AlertingHarness, createAlertingHarness } from "../../test/alerting.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { quietAlertingHooks } from "../services/alerts/alerting-hooks.ts";
import { createDependency } from "../services/dependencies/create-dependency.ts";

const MINUTE = 60_000;

describeEachDatabase("the alert engine", (db) => {
  const failTimes = async (h: AlertingHarness, monitorId: string, times: number) => {
    for (let i = 0; i < times; i++) {
      if (i > 0) await h.advanceBefore(h.clock.now + MINUTE);
      await h.check(monitorId, false);
    }
  };
  const timeline = async (h: AlertingHarness, monitorId: string, start: number) =>
    (await h.notifications(monitorId)).map((n) => `${n.event}@${(n.created_at - start) / MINUTE}`);

  it("opens an incident and a Critical alert on the third failure and notifies at once", async () => {
    const h = await createAlertingHarness(db());
    const monitor = await h.monitor("Checkout API - EU");
    await h.check(monitor.id, false);
    await h.check(monitor.id, false);
    expect(await h.alerts(monitor.id)).toEqual([]);
    expect(await h.check(monitor.id, false)).toBe("went-down");
    const [alert] = await h.alerts(monitor.id);
    expect(alert).toMatchObject({
      kind: "monitor-down",
      severity: "critical",
      state: "open",
      notifications_sent: 1,
      next_due_at: h.clock.now + 10 * MINUTE,
    });
    const incident = await h.db
      .selectFrom("incidents")
      .selectAll()
      .where("monitor_id", "=", monitor.id)
      .executeTakeFirstOrThrow();
    expect(incident).toMatchObject({
      started_at: h.clock.now,
      ended_at: null,
      cause: "Expected a 2xx or 3xx status but the server answered 503.",
      status_code: 503,
    });
    expect(alert!.incident_id).toBe(incident.id);
    const [notification] = await h.notifications(monitor.id);
    expect(notification).toMatchObject({ event: "monitor.down", status: "pending" });
    expect(JSON.parse(notification!.message).payload).toEqual({
      event: "monitor.down",
      timestamp: new Date(h.clock.now).toISOString().replace(".000", ""),
      monitor: {
        id: monitor.id,
        name: "Checkout API - EU",
        url: "https://example.com/",
        type: "http",
      },
      alert: {
        id: alert!.id,
        severity: "critical",
        message: "Expected a 2xx or 3xx status but the server answered 503.",
        response_code: 503,
        response_time: 1240,
      },
      metadata: {
        region: "eu-west-1",
        regions: ["eu-west-1"],
        check_id: `chk_${h.clock.now.toString(36)}_eu-west-1`,
        consecutive_failures: 3,
      },
    });
  });

  it("repeats at 10, 20, 30, 90 and 150 minutes, then recovers with a notice and starts over", async () => {
    const h = await createAlertingHarness(db());
    const monitor = await h.monitor("API");
    await failTimes(h, monitor.id, 3);
    const start = h.clock.now;
    await h.advanceBefore(start + 200 * MINUTE);
    await h.check(monitor.id, true);
    expect(await timeline(h, monitor.id, start)).toEqual([
      "monitor.down@0",
      "alert.escalated@10",
      "alert.escalated@20",
      "alert.escalated@30",
      "alert.escalated@90",
      "alert.escalated@150",
      "monitor.up@200",
    ]);
    const up = (await h.notifications(monitor.id)).at(-1)!;
    expect(JSON.parse(up.message).payload.metadata.consecutive_failures).toBe(0);
    const [resolved] = await h.alerts(monitor.id);
    expect(resolved).toMatchObject({ state: "resolved", resolution: "recovered" });
    const incident = await h.db
      .selectFrom("incidents")
      .select("ended_at")
      .where("monitor_id", "=", monitor.id)
      .executeTakeFirstOrThrow();
    expect(incident.ended_at).toBe(start + 200 * MINUTE);

    await h.advanceBefore(h.clock.now + MINUTE);
    await failTimes(h, monitor.id, 3);
    const second = h.clock.now;
    await h.advanceBefore(second + 15 * MINUTE);
    expect((await timeline(h, monitor.id, second)).slice(-2)).toEqual([
      "monitor.down@0",
      "alert.escalated@10",
    ]);
  });

  it("sends nothing more once acknowledged, and still sends the recovery notice", async () => {
    const h = await createAlertingHarness(db());
    const monitor = await h.monitor("API");
    const { acknowledgeAlert } = await import("../services/alerts/acknowledge-alert.ts");
    await failTimes(h, monitor.id, 3);
    const start = h.clock.now;
    await h.advanceBefore(start + 25 * MINUTE);
    const [alert] = await h.alerts(monitor.id);
    const view = await acknowledgeAlert(h.ctx, quietAlertingHooks(h.actx), h.access, alert!.id);
    expect(view).toMatchObject({ state: "acknowledged", next_notification_at: null });
    await h.advanceBefore(start + 500 * MINUTE);
    await h.check(monitor.id, true);
    expect(await timeline(h, monitor.id, start)).toEqual([
      "monitor.down@0",
      "alert.escalated@10",
      "alert.escalated@20",
      "monitor.up@500",
    ]);
  });

  it("holds a child's notification while all its parents are down and sends it when one recovers", async () => {
    const h = await createAlertingHarness(db());
    const gateway = await h.monitor("Gateway", { failureThreshold: 2 });
    const backup = await h.monitor("Backup gateway", { failureThreshold: 2 });
    const wiki = await h.monitor("Wiki");
    for (const parent of [gateway, backup]) {
      await createDependency(h.ctx, h.access, {
        child_monitor_id: wiki.id,
        parent_monitor_id: parent.id,
      });
    }
    const start = h.clock.now;
    for (let minute = 0; minute < 3; minute++) {
      await h.advanceBefore(start + minute * MINUTE);
      await h.check(gateway.id, false);
      await h.check(backup.id, false);
      await h.check(wiki.id, false);
    }
    const [held] = await h.alerts(wiki.id);
    expect(held).toMatchObject({ state: "open", held: 1, notifications_sent: 0 });
    expect(await h.notifications(wiki.id)).toEqual([]);
    await h.advanceBefore(start + 47 * MINUTE);
    await h.check(backup.id, true);
    await h.advanceBefore(start + 70 * MINUTE);
    expect(await timeline(h, wiki.id, start)).toEqual([
      "monitor.down@47",
      "alert.escalated@57",
      "alert.escalated@67",
    ]);
  });

  it("notifies a child whose other parent is still up", async () => {
    const h = await createAlertingHarness(db());
    const a = await h.monitor("Load balancer A", { failureThreshold: 1 });
    const b = await h.monitor("Load balancer B", { failureThreshold: 1 });
    const site = await h.monitor("Site", { failureThreshold: 1 });
    for (const parent of [a, b]) {
      await createDependency(h.ctx, h.access, {
        child_monitor_id: site.id,
        parent_monitor_id: parent.id,
      });
    }
    await h.check(b.id, true);
    await h.check(a.id, false);
    await h.check(site.id, false);
    expect((await h.notifications(site.id)).map((n) => n.event)).toEqual(["monitor.down"]);
  });

  it("sends an alert.resolved notice when an alert is resolved by hand, and the outage goes on", async () => {
    const h = await createAlertingHarness(db());
    const monitor = await h.monitor("API", { failureThreshold: 1 });
    const { resolveAlert } = await import("../services/alerts/resolve-alert.ts");
    await h.check(monitor.id, false);
    h.clock.now += 5 * MINUTE;
    const [alert] = await h.alerts(monitor.id);
    const hooks = { actx: h.actx, queued: () => {}, recheck: () => {} };
    const view = await resolveAlert(h.ctx, hooks, h.access, alert!.id);
    expect(view).toMatchObject({ state: "resolved", resolution: "by-hand" });
    const notices = await h.notifications(monitor.id);
    expect(notices.map((n) => n.event)).toEqual(["monitor.down", "alert.resolved"]);
    expect(JSON.parse(notices[1]!.message).payload.alert.message).toBe(
      "The alert was resolved by hand after 5 minutes.",
    );
    await h.advanceBefore(h.clock.now + 60 * MINUTE);
    expect(await h.notifications(monitor.id)).toHaveLength(2);
    const incident = await h.db
      .selectFrom("incidents")
      .select("ended_at")
      .where("monitor_id", "=", monitor.id)
      .executeTakeFirstOrThrow();
    expect(incident.ended_at).toBeNull();
  });

  it("warns at 30 and 14 days and alerts at 7 days, once per certificate, until it is renewed", async () => {
    const h = await createAlertingHarness(db());
    const monitor = await h.monitor("Shop certificate", { type: "ssl" });
    const DAY = 24 * 60 * MINUTE;
    const expiry = h.clock.now + 40 * DAY;
    const certificate = { fingerprint: "AA:BB", validTo: expiry };
    for (const day of [0, 10, 11, 26, 27, 33, 34, 39]) {
      h.clock.now = expiry - (40 - day) * DAY;
      await h.check(monitor.id, true, { certificate, statusCode: null });
    }
    h.clock.now = expiry - 39 * DAY + DAY;
    await h.check(monitor.id, true, {
      certificate: { fingerprint: "CC:DD", validTo: expiry + 90 * DAY },
    });
    const alerts = await h.alerts(monitor.id);
    expect(alerts.map((a) => [a.severity, a.state, a.resolution])).toEqual([
      ["warning", "resolved", "superseded"],
      ["warning", "resolved", "superseded"],
      ["critical", "resolved", "certificate-renewed"],
    ]);
    expect(alerts.map((a) => a.message)).toEqual([
      `SSL certificate for shop.example.com expires in 30 days (on ${new Date(expiry).toISOString().slice(0, 10)}).`,
      expect.stringContaining("expires in 14 days"),
      expect.stringContaining("expires in 7 days"),
    ]);
    const notifications = await h.notifications(monitor.id);
    expect(notifications.map((n) => n.event)).toEqual([
      "ssl.expiring",
      "ssl.expiring",
      "ssl.expiring",
    ]);
    expect(JSON.parse(notifications[1]!.message).summary).toBe(
      "SSL certificate for shop.example.com expires in 14 days",
    );
  });

  it("sends only e-mail for an account whose plan no longer includes its other channels", async () => {
    const h = await createAlertingHarness(db());
    const monitor = await h.monitor("API", { failureThreshold: 1 });
    const { createChannel } = await import("../services/channels/create-channel.ts");
    const { testNetwork } = await import("@upwatch/checks/testing");
    const deps = {
      network: testNetwork({ hosts: { "hooks.test": ["127.0.0.1"] } }),
      notSetUp: {},
      confirmLinkBase: "http://127.0.0.1",
    };
    await createChannel(h.ctx, deps, h.access, {
      type: "webhook",
      config: { url: "https://hooks.test/upwatch" },
      attach_to_new_monitors: false,
      monitor_ids: [monitor.id],
    });
    await h.db
      .updateTable("accounts")
      .set({ plan: "free" })
      .where("id", "=", h.account.accountId)
      .execute();
    await h.check(monitor.id, false);
    expect((await h.notifications(monitor.id)).map((n) => n.channel_type)).toEqual(["email"]);
  });

  it("ends the outage without a notice when a down monitor gets a new target", async () => {
    const h = await createAlertingHarness(db());
    const monitor = await h.monitor("API", { failureThreshold: 1 });
    const { updateMonitor } = await import("../services/monitors/update-monitor.ts");
    const { IGNORE_MONITOR_CHANGES } = await import("../services/monitors/monitor-changes.ts");
    const { regionDirectory } = await import("../services/regions/region-directory.ts");
    await h.check(monitor.id, false);
    h.clock.now += MINUTE;
    await updateMonitor(
      h.ctx,
      h.access,
      monitor.id,
      { target: "https://example.org/" },
      IGNORE_MONITOR_CHANGES,
      regionDirectory(h.ctx, { localRegion: "us-west-1" }),
    );
    const [alert] = await h.alerts(monitor.id);
    expect(alert).toMatchObject({ state: "resolved", resolution: "monitor-changed" });
    await h.advanceBefore(h.clock.now + 60 * MINUTE);
    expect((await h.notifications(monitor.id)).map((n) => n.event)).toEqual(["monitor.down"]);
  });

  it("notifies a due alert once when two servers run the escalation at the same moment", async () => {
    const h = await createAlertingHarness(db());
    const monitor = await h.monitor("API", { failureThreshold: 1 });
    await h.check(monitor.id, false);
    h.clock.now += 10 * MINUTE;
    const other = db().reopen();
    const { runDueEscalations } = await import("./run-due-escalations.ts");
    // On SQLite a second process may find the file locked; its run fails and the next tick retries.
    await Promise.allSettled([h.runDue(), runDueEscalations(other.db, h.actx), h.runDue()]);
    await runDueEscalations(other.db, h.actx);
    await other.close();
    expect((await h.notifications(monitor.id)).map((n) => n.event)).toEqual([
      "monitor.down",
      "alert.escalated",
    ]);
  });
});
