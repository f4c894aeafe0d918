import { maintenanceWindowRequestSchemas } from "@upwatch/api";
import { expect, it } from "vitest";
import { type AlertingHarness, createAlertingHarness } from "../../test/alerting.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { createMaintenanceWindow } from "../services/maintenance-windows/create-maintenance-window.ts";
import { skipMaintenanceOccurrence } from "../services/maintenance-windows/skip-maintenance-occurrence.ts";
import { AlertEngine } from "./alert-engine.ts";
import { loadMonitorMaintenanceWindows } from "./monitor-maintenance-windows.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;

function engineOf(h: AlertingHarness) {
  return new AlertEngine({ db: h.db, actx: h.actx, log: { warn: () => {} }, onQueued: () => {} });
}

async function berlinAccount(h: AlertingHarness) {
  await h.db
    .updateTable("accounts")
    .set({ time_zone: "Europe/Berlin" })
    .where("id", "=", h.account.accountId)
    .execute();
}

async function groupOf(h: AlertingHarness, monitorIds: string[]) {
  const id = h.ctx.newId("grp");
  await h.db
    .insertInto("monitor_groups")
    .values({
      id,
      account_id: h.account.accountId,
      name: "Databases",
      name_key: "databases",
      description: null,
      created_at: h.clock.now,
      updated_at: h.clock.now,
    })
    .execute();
  await h.db
    .insertInto("monitor_group_members")
    .values(monitorIds.map((monitor_id) => ({ group_id: id, monitor_id })))
    .execute();
  return id;
}

const window = (h: AlertingHarness, body: Record<string, unknown>) =>
  createMaintenanceWindow(h.ctx, h.access, maintenanceWindowRequestSchemas.create.parse(body));

describeEachDatabase("alerts during maintenance windows of monitors and groups", (db) => {
  it("holds the alert of a group's monitor during an occurrence of a daily window in the account's time zone, and notifies when it ends", async () => {
    const h = await createAlertingHarness(db());
    await berlinAccount(h);
    const monitor = await h.monitor("Primary database", { failureThreshold: 1 });
    const groupId = await groupOf(h, [monitor.id]);
    // The clock reads 2027-01-15 08:00 UTC, 09:00 in Berlin: the 09:00 occurrence has just begun.
    await window(h, {
      title: "Daily vacuum",
      group_ids: [groupId],
      recurrence: {
        frequency: "daily",
        start_time: "09:00",
        duration_minutes: 60,
        starts_on: "2027-01-15",
      },
    });
    const start = h.clock.now;
    expect(await h.check(monitor.id, false)).toBe("went-down");
    expect(await h.alerts(monitor.id)).toMatchObject([
      { state: "open", held: 1, notifications_sent: 0 },
    ]);
    h.clock.now = start + 30 * MINUTE;
    await h.check(monitor.id, false);
    await h.runDue({ includeHeld: true });
    expect(await h.notifications(monitor.id)).toEqual([]);

    h.clock.now = start + 60 * MINUTE;
    await engineOf(h).releaseEndedMaintenance();
    const [down] = await h.notifications(monitor.id);
    expect(down).toMatchObject({ event: "monitor.down", created_at: start + 60 * MINUTE });
  });

  it("notifies at once during a skipped occurrence, and holds again at the next one", async () => {
    const h = await createAlertingHarness(db());
    const skippedMonitor = await h.monitor("Search", { failureThreshold: 1 });
    const heldMonitor = await h.monitor("Search replica", { failureThreshold: 1 });
    const created = await window(h, {
      title: "Index rebuild",
      monitor_ids: [skippedMonitor.id, heldMonitor.id],
      recurrence: {
        frequency: "daily",
        start_time: "10:00",
        duration_minutes: 60,
        starts_on: "2027-01-15",
      },
    });
    const tomorrow = created.next_occurrences[1]?.starts_at ?? "";
    expect(tomorrow).toBe("2027-01-16T10:00:00.000Z");
    await skipMaintenanceOccurrence(h.ctx, h.access, created.id, tomorrow);

    h.clock.now = Date.parse(tomorrow) + 5 * MINUTE;
    await h.check(skippedMonitor.id, false);
    expect(await h.alerts(skippedMonitor.id)).toMatchObject([{ held: 0, notifications_sent: 1 }]);

    h.clock.now = Date.parse(tomorrow) + DAY + 5 * MINUTE;
    await h.check(heldMonitor.id, false);
    expect(await h.alerts(heldMonitor.id)).toMatchObject([{ held: 1, notifications_sent: 0 }]);
  });

  it("answers every occurrence in a span from one function: status page windows, monitor windows and group windows, each once", async () => {
    const h = await createAlertingHarness(db());
    await berlinAccount(h);
    const monitor = await h.monitor("Checkout", { failureThreshold: 1 });
    const groupId = await groupOf(h, [monitor.id]);
    await window(h, {
      title: "Weekly patching",
      monitor_ids: [monitor.id],
      group_ids: [groupId],
      recurrence: {
        frequency: "weekly",
        weekdays: ["sunday"],
        start_time: "02:30",
        duration_minutes: 60,
        starts_on: "2027-03-01",
      },
    });
    await window(h, {
      title: "Data centre move",
      monitor_ids: [monitor.id],
      starts_at: "2027-03-20T22:00:00Z",
      ends_at: "2027-03-21T04:00:00Z",
    });
    const windows = await loadMonitorMaintenanceWindows(h.db, [monitor.id], {
      from: Date.parse("2027-03-13T00:00:00Z"),
      to: Date.parse("2027-04-01T00:00:00Z"),
    });
    expect(
      windows
        .get(monitor.id)
        ?.map((w) => [
          w.title,
          new Date(w.startsAt).toISOString(),
          new Date(w.endsAt).toISOString(),
        ]),
    ).toEqual([
      ["Weekly patching", "2027-03-14T01:30:00.000Z", "2027-03-14T02:30:00.000Z"],
      ["Data centre move", "2027-03-20T22:00:00.000Z", "2027-03-21T04:00:00.000Z"],
      ["Weekly patching", "2027-03-21T01:30:00.000Z", "2027-03-21T02:30:00.000Z"],
      // Summer time begins on 28 March: 02:30 does not exist, so the window starts at 03:30 CEST.
      ["Weekly patching", "2027-03-28T01:30:00.000Z", "2027-03-28T02:30:00.000Z"],
    ]);
  });
});
