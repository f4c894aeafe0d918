import type { ComponentState } from "@upwatch/core";
import { expect, it } from "vitest";
import { type AlertingHarness, createAlertingHarness } from "../../test/alerting.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { AlertEngine } from "./alert-engine.ts";

const MINUTE = 60_000;

/** A page with one component linked to the monitors, written as the pages API stores them. */
async function component(
  h: AlertingHarness,
  monitorIds: string[],
  options: { follow?: boolean; state?: ComponentState } = {},
) {
  const now = h.clock.now;
  const pageId = h.ctx.newId("spg");
  const componentId = h.ctx.newId("scm");
  await h.db
    .insertInto("status_pages")
    .values({
      id: pageId,
      account_id: h.account.accountId,
      name: "Acme status",
      slug: pageId.toLowerCase().replace(/[^a-z0-9]/g, ""),
      headline: "",
      accent_color: null,
      website_url: null,
      support_url: null,
      white_label: 0,
      custom_domain: null,
      logo_type: null,
      logo_hash: null,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await h.db
    .insertInto("status_components")
    .values({
      id: componentId,
      page_id: pageId,
      section_id: null,
      name: "Checkout",
      description: "",
      position: 0,
      state: options.state ?? "operational",
      follow_monitors: options.follow ? 1 : 0,
      state_changed_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (monitorIds.length) {
    await h.db
      .insertInto("status_component_monitors")
      .values(monitorIds.map((monitor_id) => ({ component_id: componentId, monitor_id })))
      .execute();
  }
  return { pageId, componentId };
}

/** A maintenance window over the component, `from` and `to` in minutes from the clock. */
async function maintenance(
  h: AlertingHarness,
  componentId: string,
  from: number,
  to: number,
  cancelled = false,
) {
  const now = h.clock.now;
  const id = h.ctx.newId("smt");
  await h.db
    .insertInto("status_maintenances")
    .values({
      id,
      page_id: (
        await h.db
          .selectFrom("status_components")
          .select("page_id")
          .where("id", "=", componentId)
          .executeTakeFirstOrThrow()
      ).page_id,
      title: "Database upgrade",
      message: "We are upgrading the database.",
      starts_at: now + from * MINUTE,
      ends_at: now + to * MINUTE,
      cancelled_at: cancelled ? now : null,
      started_notice_at: null,
      ended_notice_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await h.db
    .insertInto("status_maintenance_components")
    .values({ maintenance_id: id, component_id: componentId })
    .execute();
  return id;
}

function engineOf(h: AlertingHarness) {
  return new AlertEngine({
    db: h.db,
    actx: h.actx,
    log: { warn: () => {} },
    onQueued: () => {},
  });
}

const events = async (h: AlertingHarness, monitorId: string) =>
  (await h.notifications(monitorId)).map((n) => n.event);

describeEachDatabase("alerts during status page maintenance", (db) => {
  it("holds the alert of a monitor linked to a component under maintenance: checks are stored, nobody is notified", async () => {
    const h = await createAlertingHarness(db());
    const monitor = await h.monitor("Checkout API", { failureThreshold: 1 });
    const { componentId } = await component(h, [monitor.id]);
    await maintenance(h, componentId, -5, 60);
    expect(await h.check(monitor.id, false)).toBe("went-down");
    expect(await h.alerts(monitor.id)).toMatchObject([
      { state: "open", held: 1, notifications_sent: 0 },
    ]);
    h.clock.now += 30 * MINUTE;
    await h.check(monitor.id, false);
    await h.runDue({ includeHeld: true });
    await engineOf(h).releaseEndedMaintenance();
    expect(await h.notifications(monitor.id)).toEqual([]);
    const stored = await h.db
      .selectFrom("check_results")
      .select("up")
      .where("monitor_id", "=", monitor.id)
      .execute();
    expect(stored).toHaveLength(2);
  });

  it("notifies an alert still open when the window ends, then repeats as usual", async () => {
    const h = await createAlertingHarness(db());
    const monitor = await h.monitor("Checkout API", { failureThreshold: 1 });
    const { componentId } = await component(h, [monitor.id]);
    const start = h.clock.now;
    await maintenance(h, componentId, 0, 30);
    const engine = engineOf(h);
    await h.check(monitor.id, false);
    h.clock.now = start + 30 * MINUTE;
    const run = await engine.releaseEndedMaintenance();
    expect(run).toMatchObject({ notified: 1 });
    const [down] = await h.notifications(monitor.id);
    expect(down).toMatchObject({ event: "monitor.down", created_at: start + 30 * MINUTE });
    expect(await h.alerts(monitor.id)).toMatchObject([{ held: 0, notifications_sent: 1 }]);
    await h.advanceBefore(start + 45 * MINUTE);
    expect(await events(h, monitor.id)).toEqual(["monitor.down", "alert.escalated"]);
    await h.check(monitor.id, true);
    expect(await events(h, monitor.id)).toEqual(["monitor.down", "alert.escalated", "monitor.up"]);
  });

  it("notifies a held alert when its window is ended early", async () => {
    const h = await createAlertingHarness(db());
    const monitor = await h.monitor("Checkout API", { failureThreshold: 1 });
    const { componentId } = await component(h, [monitor.id]);
    const windowId = await maintenance(h, componentId, 0, 120);
    const engine = engineOf(h);
    await h.check(monitor.id, false);
    h.clock.now += 10 * MINUTE;
    await h.db
      .updateTable("status_maintenances")
      .set({ ends_at: h.clock.now, updated_at: h.clock.now })
      .where("id", "=", windowId)
      .execute();
    await engine.releaseEndedMaintenance();
    expect(await events(h, monitor.id)).toEqual(["monitor.down"]);
  });

  it("sends nothing at all for an outage that begins and ends inside the window", async () => {
    const h = await createAlertingHarness(db());
    const monitor = await h.monitor("Checkout API", { failureThreshold: 1 });
    const { componentId } = await component(h, [monitor.id]);
    await maintenance(h, componentId, 0, 60);
    const engine = engineOf(h);
    await h.check(monitor.id, false);
    h.clock.now += 20 * MINUTE;
    await h.check(monitor.id, true);
    h.clock.now += 60 * MINUTE;
    await engine.releaseEndedMaintenance();
    await h.runDue({ includeHeld: true });
    expect(await h.notifications(monitor.id)).toEqual([]);
    expect(await h.alerts(monitor.id)).toMatchObject([
      { state: "resolved", notifications_sent: 0 },
    ]);
  });

  it("notifies at once outside the window, for unlinked monitors, and when the window is cancelled", async () => {
    const h = await createAlertingHarness(db());
    const later = await h.monitor("Later", { failureThreshold: 1 });
    const over = await h.monitor("Over", { failureThreshold: 1 });
    const cancelled = await h.monitor("Cancelled", { failureThreshold: 1 });
    const unlinked = await h.monitor("Unlinked", { failureThreshold: 1 });
    const linked = await h.monitor("Linked", { failureThreshold: 1 });
    await maintenance(h, (await component(h, [later.id])).componentId, 10, 70);
    await maintenance(h, (await component(h, [over.id])).componentId, -70, -10);
    await maintenance(h, (await component(h, [cancelled.id])).componentId, -5, 60, true);
    await maintenance(h, (await component(h, [linked.id])).componentId, -5, 60);
    for (const monitor of [later, over, cancelled, unlinked, linked]) {
      await h.check(monitor.id, false);
    }
    for (const monitor of [later, over, cancelled, unlinked]) {
      expect(await events(h, monitor.id)).toEqual(["monitor.down"]);
    }
    expect(await events(h, linked.id)).toEqual([]);
  });

  it("holds the repeats of an alert already notified when a window starts, and resumes them after", async () => {
    const h = await createAlertingHarness(db());
    const monitor = await h.monitor("Checkout API", { failureThreshold: 1 });
    const { componentId } = await component(h, [monitor.id]);
    const start = h.clock.now;
    await maintenance(h, componentId, 5, 40);
    const engine = engineOf(h);
    await h.check(monitor.id, false);
    await h.advanceBefore(start + 39 * MINUTE);
    expect(await events(h, monitor.id)).toEqual(["monitor.down"]);
    h.clock.now = start + 40 * MINUTE;
    await engine.releaseEndedMaintenance();
    expect(await events(h, monitor.id)).toEqual(["monitor.down", "alert.escalated"]);
  });
});

describeEachDatabase("components that follow their monitors", (db) => {
  const componentRow = (h: AlertingHarness, id: string) =>
    h.db
      .selectFrom("status_components")
      .select(["state", "state_changed_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const pageVersion = async (h: AlertingHarness, id: string) =>
    Number(
      (
        await h.db
          .selectFrom("status_pages")
          .select("version")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).version,
    );

  it("goes to Major Outage when a linked monitor goes down and back to Operational when all recover", async () => {
    const h = await createAlertingHarness(db());
    const api = await h.monitor("API", { failureThreshold: 1 });
    const web = await h.monitor("Web", { failureThreshold: 1 });
    await h.check(api.id, true);
    await h.check(web.id, true);
    const { pageId, componentId } = await component(h, [api.id, web.id], { follow: true });
    const manual = await component(h, [api.id]);

    h.clock.now += MINUTE;
    await h.check(api.id, false);
    expect(await componentRow(h, componentId)).toEqual({
      state: "major_outage",
      state_changed_at: h.clock.now,
    });
    expect(await pageVersion(h, pageId)).toBe(2);
    expect((await componentRow(h, manual.componentId)).state).toBe("operational");
    expect(await pageVersion(h, manual.pageId)).toBe(1);

    h.clock.now += MINUTE;
    await h.check(web.id, false);
    await h.check(api.id, true);
    expect((await componentRow(h, componentId)).state).toBe("major_outage");

    h.clock.now += MINUTE;
    await h.check(web.id, true);
    expect(await componentRow(h, componentId)).toEqual({
      state: "operational",
      state_changed_at: h.clock.now,
    });
    expect(await pageVersion(h, pageId)).toBe(3);
  });

  it("overrides a state set by hand at the next change of its monitors", async () => {
    const h = await createAlertingHarness(db());
    const api = await h.monitor("API", { failureThreshold: 1 });
    await h.check(api.id, true);
    const { componentId } = await component(h, [api.id], {
      follow: true,
      state: "degraded_performance",
    });
    await h.check(api.id, false);
    expect((await componentRow(h, componentId)).state).toBe("major_outage");
    await h.check(api.id, true);
    expect((await componentRow(h, componentId)).state).toBe("operational");
  });
});
