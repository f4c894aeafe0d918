import { expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import {
  jsonApi,
  useFailingTargetAndWebhookReceiver,
  webhookForNewMonitors,
} from "../../test/live-alerting.ts";

const HOUR = 3_600_000;

describeEachDatabase("a real check of a monitor under status page maintenance", (db) => {
  const live = useFailingTargetAndWebhookReceiver(db);

  /** A page whose following component links the monitor, in a window under way for an hour. */
  async function pageUnderMaintenance(accountId: string, monitorId: string) {
    const now = Date.now();
    const times = { created_at: now, updated_at: now };
    const slug = `maintenance-${now.toString(36)}`;
    const page = { id: `spg_${slug}`, component: `scm_${slug}`, window: `smt_${slug}` };
    const database = db().handle.db;
    await database
      .insertInto("status_pages")
      .values({
        ...{ id: page.id, account_id: accountId, name: "Acme", slug, headline: "" },
        ...{ accent_color: null, website_url: null, support_url: null, white_label: 0 },
        ...{ custom_domain: null, logo_type: null, logo_hash: null, version: 1, ...times },
      })
      .execute();
    await database
      .insertInto("status_components")
      .values({
        ...{ id: page.component, page_id: page.id, section_id: null, name: "API" },
        ...{ description: "", position: 0, state: "operational", follow_monitors: 1 },
        ...{ state_changed_at: now, ...times },
      })
      .execute();
    await database
      .insertInto("status_component_monitors")
      .values({ component_id: page.component, monitor_id: monitorId })
      .execute();
    await database
      .insertInto("status_maintenances")
      .values({
        ...{ id: page.window, page_id: page.id, title: "Upgrade", message: "Upgrading." },
        ...{ starts_at: now - HOUR, ends_at: now + HOUR, cancelled_at: null },
        ...{ started_notice_at: null, ended_notice_at: null, ...times },
      })
      .execute();
    await database
      .insertInto("status_maintenance_components")
      .values({ maintenance_id: page.window, component_id: page.component })
      .execute();
    return page;
  }

  it("records the failing check and the outage, follows it on the page, shows the alert held by the window, and pages nobody until it ends", async () => {
    const account = await createTestAccount(db(), "hobby");
    const api = jsonApi(live.app, account.headers);
    await api("POST", "/channels", webhookForNewMonitors(live.receiver));
    const monitor = await api("POST", "/monitors", {
      type: "http",
      name: "Status API",
      target: `http://127.0.0.1:${live.target.port}/health`,
      interval_seconds: 600,
      failure_threshold: 1,
      paused: true,
    });
    const page = await pageUnderMaintenance(account.accountId, monitor.id);
    await api("POST", `/monitors/${monitor.id}/resume`);

    const alerts = () => api("GET", `/alerts?monitor_id=${monitor.id}`);
    await expect.poll(async () => (await alerts()).data.length, { timeout: 10_000 }).toBe(1);
    expect((await alerts()).data).toMatchObject([
      {
        state: "open",
        notifications_sent: 0,
        held_by_maintenance: { id: page.window, title: "Upgrade" },
      },
    ]);
    const database = db().handle.db;
    const component = await database
      .selectFrom("status_components")
      .select("state")
      .where("id", "=", page.component)
      .executeTakeFirstOrThrow();
    expect(component.state).toBe("major_outage");
    const checks = await database
      .selectFrom("check_results")
      .select("up")
      .where("monitor_id", "=", monitor.id)
      .execute();
    expect(checks).toEqual([{ up: 0 }]);
    const queued = await database
      .selectFrom("notifications")
      .select("id")
      .where("monitor_id", "=", monitor.id)
      .execute();
    expect(queued).toEqual([]);
    expect(live.receiver.received).toEqual([]);

    await database
      .updateTable("status_maintenances")
      .set({ ends_at: Date.now() })
      .where("id", "=", page.window)
      .execute();
    await expect.poll(() => live.receiver.received.length, { timeout: 10_000 }).toBe(1);
    expect(JSON.parse(live.receiver.received[0]!.body)).toMatchObject({
      event: "monitor.down",
      monitor: { id: monitor.id },
    });
    expect((await alerts()).data).toMatchObject([
      { state: "open", notifications_sent: 1, held_by_maintenance: null },
    ]);
  });
});
