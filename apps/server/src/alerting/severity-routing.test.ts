import type { AlertSeverity, QuietHours } from "@upwatch/core";
import { expect, it } from "vitest";
import { createAgentAlertingHarness, sampleAt } from "../../test/agent-alerting.ts";
import { type AlertingHarness, createAlertingHarness } from "../../test/alerting.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { updateAgent } from "../services/agents/update-agent.ts";
import { acknowledgeAlert } from "../services/alerts/acknowledge-alert.ts";
import { quietAlertingHooks } from "../services/alerts/alerting-hooks.ts";
import { setMonitorChannels } from "../services/channels/monitor-channels.ts";
import { createGroup } from "../services/groups/create-group.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface ChannelSettings {
  type?: string;
  newMonitors?: AlertSeverity[];
  quietHours?: QuietHours;
}

/** Stores a channel of the harness's account; attached to new monitors when `newMonitors` is given. */
async function addChannel(h: AlertingHarness, name: string, settings: ChannelSettings = {}) {
  const id = h.ctx.newId("chn");
  const type = settings.type ?? "webhook";
  const config =
    type === "sms"
      ? { phone: "+15550100" }
      : type === "pagerduty"
        ? { routing_key: "R0UTINGKEY0000000000000000000000" }
        : { url: "http://127.0.0.1:9/hooks" };
  await h.db
    .insertInto("channels")
    .values({
      id,
      account_id: h.account.accountId,
      type,
      name,
      config: JSON.stringify(config),
      secret: null,
      attach_to_new_monitors: settings.newMonitors ? 1 : 0,
      created_at: h.clock.now,
      updated_at: h.clock.now,
      confirmed_at: h.clock.now,
      confirmation_token_hash: null,
      confirmation_sent_at: null,
      ...(settings.newMonitors ? { new_monitor_severities: settings.newMonitors.join(",") } : {}),
      quiet_hours: settings.quietHours ? JSON.stringify(settings.quietHours) : null,
    })
    .execute();
  return id;
}

/** Takes the owner's e-mail (attached to every new monitor) off, so only the test's channels count. */
async function onlyChannels(
  h: AlertingHarness,
  monitorId: string,
  channels: { id: string; severities: AlertSeverity[] }[],
) {
  await setMonitorChannels(h.ctx, h.access, monitorId, channels);
}

async function receivedBy(h: AlertingHarness, monitorId: string) {
  const byChannel = new Map<string, string[]>();
  for (const n of await h.notifications(monitorId)) {
    byChannel.set(n.channel_id, [...(byChannel.get(n.channel_id) ?? []), n.event]);
  }
  return (id: string) => byChannel.get(id) ?? [];
}

/** Brings a certificate monitor to its 30-day warning. */
async function certificateWarning(h: AlertingHarness, monitorId: string) {
  const certificate = { fingerprint: "AA:BB", validTo: h.clock.now + 30 * DAY };
  await h.check(monitorId, true, { certificate, statusCode: null });
}

describeEachDatabase("alert routing by severity and quiet hours", (db) => {
  it("sends a certificate warning to a warning-only channel and not to a critical-only SMS", async () => {
    const h = await createAlertingHarness(db(), "business");
    const slack = await addChannel(h, "Team hook");
    const sms = await addChannel(h, "On-call phone", { type: "sms" });
    const monitor = await h.monitor("Shop certificate", { type: "ssl" });
    await onlyChannels(h, monitor.id, [
      { id: slack, severities: ["warning"] },
      { id: sms, severities: ["critical"] },
    ]);
    await certificateWarning(h, monitor.id);
    const got = await receivedBy(h, monitor.id);
    expect(got(slack)).toEqual(["ssl.expiring"]);
    expect(got(sms)).toEqual([]);
  });

  it("keeps a monitor's down alert and its recovery from a warning-only channel", async () => {
    const h = await createAlertingHarness(db(), "business");
    const warningOnly = await addChannel(h, "Team hook");
    const paging = await addChannel(h, "Paging hook");
    const monitor = await h.monitor("Checkout API", { failureThreshold: 1 });
    await onlyChannels(h, monitor.id, [
      { id: warningOnly, severities: ["warning", "info"] },
      { id: paging, severities: ["critical"] },
    ]);
    await h.check(monitor.id, false);
    h.clock.now += MINUTE;
    await h.check(monitor.id, true);
    const got = await receivedBy(h, monitor.id);
    expect(got(warningOnly)).toEqual([]);
    expect(got(paging)).toEqual(["monitor.down", "monitor.up"]);
  });

  it("gives a channel attached to the monitor for critical and to its group for warning both", async () => {
    const h = await createAlertingHarness(db(), "business");
    const hook = await addChannel(h, "Ops hook");
    const monitor = await h.monitor("Shop", { type: "ssl" });
    await onlyChannels(h, monitor.id, [{ id: hook, severities: ["critical"] }]);
    await createGroup(h.ctx, h.access, {
      name: "Production",
      monitor_ids: [monitor.id],
      channels: [{ id: hook, severities: ["warning"] }],
    });
    await certificateWarning(h, monitor.id);
    expect((await receivedBy(h, monitor.id))(hook)).toEqual(["ssl.expiring"]);
  });

  it("attaches a channel to new monitors for the severities it says", async () => {
    const h = await createAlertingHarness(db(), "business");
    const criticalOnly = await addChannel(h, "Pager", { newMonitors: ["critical"] });
    const monitor = await h.monitor("New shop", { type: "ssl" });
    const links = await h.db
      .selectFrom("monitor_channels")
      .select(["channel_id", "severities"])
      .where("monitor_id", "=", monitor.id)
      .where("channel_id", "=", criticalOnly)
      .execute();
    expect(links).toEqual([{ channel_id: criticalOnly, severities: "critical" }]);
    await certificateWarning(h, monitor.id);
    expect((await receivedBy(h, monitor.id))(criticalOnly)).toEqual([]);
  });

  it("holds a warning during quiet hours across midnight but lets a critical alert and its recovery through", async () => {
    const h = await createAlertingHarness(db(), "business");
    // The harness's clock starts at 08:00 UTC, 17:00 in Tokyo: quiet from 16:00 to 07:00 there.
    const quiet = await addChannel(h, "Night hook", {
      quietHours: { from: "16:00", until: "07:00", time_zone: "Asia/Tokyo" },
    });
    const certificate = await h.monitor("Shop certificate", { type: "ssl" });
    const api = await h.monitor("Checkout API", { failureThreshold: 1 });
    const every: AlertSeverity[] = ["critical", "warning", "info"];
    await onlyChannels(h, certificate.id, [{ id: quiet, severities: every }]);
    await onlyChannels(h, api.id, [{ id: quiet, severities: every }]);
    await certificateWarning(h, certificate.id);
    await h.check(api.id, false);
    h.clock.now += MINUTE;
    await h.check(api.id, true);
    expect((await receivedBy(h, certificate.id))(quiet)).toEqual([]);
    expect((await receivedBy(h, api.id))(quiet)).toEqual(["monitor.down", "monitor.up"]);
  });

  it("sends a warning to a channel whose quiet hours are over", async () => {
    const h = await createAlertingHarness(db(), "business");
    const quiet = await addChannel(h, "Night hook", {
      quietHours: { from: "22:00", until: "07:00", time_zone: "Europe/Berlin" },
    });
    const monitor = await h.monitor("Shop certificate", { type: "ssl" });
    await onlyChannels(h, monitor.id, [{ id: quiet, severities: ["warning"] }]);
    await certificateWarning(h, monitor.id);
    expect((await receivedBy(h, monitor.id))(quiet)).toEqual(["ssl.expiring"]);
  });

  it("queues an acknowledgement only to the channels whose type takes acknowledgements", async () => {
    const h = await createAlertingHarness(db(), "enterprise");
    const pager = await addChannel(h, "PagerDuty", { type: "pagerduty" });
    const hook = await addChannel(h, "Team hook");
    const warningOnly = await addChannel(h, "Warnings", { type: "pagerduty" });
    const monitor = await h.monitor("Checkout API", { failureThreshold: 1 });
    await onlyChannels(h, monitor.id, [
      { id: pager, severities: ["critical"] },
      { id: hook, severities: ["critical"] },
      { id: warningOnly, severities: ["warning"] },
    ]);
    await h.check(monitor.id, false);
    const [alert] = await h.alerts(monitor.id);
    h.clock.now += MINUTE;
    await acknowledgeAlert(h.ctx, quietAlertingHooks(h.actx), h.access, alert!.id);
    const got = await receivedBy(h, monitor.id);
    expect(got(pager)).toEqual(["monitor.down", "alert.acknowledged"]);
    expect(got(hook)).toEqual(["monitor.down"]);
    expect(got(warningOnly)).toEqual([]);
  });

  it("closes a paging incident when its certificate is renewed, without news for the other channels", async () => {
    const h = await createAlertingHarness(db(), "enterprise");
    const pager = await addChannel(h, "PagerDuty", { type: "pagerduty" });
    const hook = await addChannel(h, "Team hook");
    const monitor = await h.monitor("Shop certificate", { type: "ssl" });
    const every: AlertSeverity[] = ["critical", "warning", "info"];
    await onlyChannels(h, monitor.id, [
      { id: pager, severities: every },
      { id: hook, severities: every },
    ]);
    await certificateWarning(h, monitor.id);
    h.clock.now += DAY;
    const renewed = { fingerprint: "CC:DD", validTo: h.clock.now + 90 * DAY };
    await h.check(monitor.id, true, { certificate: renewed, statusCode: null });
    const got = await receivedBy(h, monitor.id);
    expect(got(pager)).toEqual(["ssl.expiring", "alert.resolved"]);
    expect(got(hook)).toEqual(["ssl.expiring"]);
    const [closing] = (await h.notifications(monitor.id)).filter(
      (n) => n.event === "alert.resolved",
    );
    expect(JSON.parse(closing!.message).summary).toBe(
      "The alert for Shop certificate was closed because the certificate was renewed",
    );
  });

  it("queues no acknowledgement for an alert nobody was told of", async () => {
    const h = await createAlertingHarness(db(), "enterprise");
    const pager = await addChannel(h, "PagerDuty", { type: "pagerduty" });
    const monitor = await h.monitor("Checkout API", { failureThreshold: 1 });
    await onlyChannels(h, monitor.id, [{ id: pager, severities: ["warning"] }]);
    await h.check(monitor.id, false);
    const [alert] = await h.alerts(monitor.id);
    await acknowledgeAlert(h.ctx, quietAlertingHooks(h.actx), h.access, alert!.id);
    expect((await receivedBy(h, monitor.id))(pager)).toEqual([]);
  });
});

describeEachDatabase("agent alert routing by severity", (db) => {
  it("sends an agent's warning only to the channels attached to the agent for warnings", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("db-primary");
    const all = await h.channel("webhook", agent.id);
    const critical = await h.channel("webhook", agent.id);
    await updateAgent(h.ctx, h.access, agent.id, {
      channels: [{ id: all }, { id: critical, severities: ["critical"] }],
    });
    await h.rule(agent.id, "cpu", { threshold: 80, severity: "warning" });
    await h.report(agent.id, [sampleAt(h.clock.now, { cpu_percent: 97 })]);
    const channels = (await h.agentNotifications(agent.id)).map((n) => n.channel_id);
    expect(channels).toEqual([all]);
  });

  it("closes a warning where it was sent even when its end falls in the channel's quiet hours", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("db-primary");
    const hook = await h.channel("webhook", agent.id);
    await updateAgent(h.ctx, h.access, agent.id, { channels: [{ id: hook }] });
    await h.rule(agent.id, "cpu", { threshold: 80, severity: "warning" });
    await h.report(agent.id, [sampleAt(h.clock.now, { cpu_percent: 97 })]);
    await setQuietHours(h.db, hook, ALL_DAY);
    h.clock.now += 5 * MINUTE;
    await h.report(agent.id, [sampleAt(h.clock.now, { cpu_percent: 20 })]);
    const events = (await h.agentNotifications(agent.id)).map((n) => n.event);
    expect(events).toEqual(["agent.alert", "alert.resolved"]);
  });

  it("tells no one of the end of a warning that quiet hours kept from them", async () => {
    const h = await createAgentAlertingHarness(db());
    const agent = await h.agent("db-primary");
    const hook = await h.channel("webhook", agent.id);
    await updateAgent(h.ctx, h.access, agent.id, { channels: [{ id: hook }] });
    await h.rule(agent.id, "cpu", { threshold: 80, severity: "warning" });
    await setQuietHours(h.db, hook, ALL_DAY);
    await h.report(agent.id, [sampleAt(h.clock.now, { cpu_percent: 97 })]);
    await setQuietHours(h.db, hook, null);
    h.clock.now += 5 * MINUTE;
    await h.report(agent.id, [sampleAt(h.clock.now, { cpu_percent: 20 })]);
    expect(await h.agentNotifications(agent.id)).toEqual([]);
  });
});

/** Quiet all day long (one minute short of it) in UTC. */
const ALL_DAY: QuietHours = { from: "00:00", until: "23:59", time_zone: "UTC" };

async function setQuietHours(
  db: AlertingHarness["db"],
  channelId: string,
  hours: QuietHours | null,
) {
  await db
    .updateTable("channels")
    .set({ quiet_hours: hours ? JSON.stringify(hours) : null })
    .where("id", "=", channelId)
    .execute();
}
