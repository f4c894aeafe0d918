import { expect, it } from "vitest";
import { createAlertingHarness } from "../../test/alerting.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import type { CheckRecord } from "../check-intake/check-record.ts";
import { storeCheckBatch } from "../check-intake/store-checks.ts";
import { acknowledgeAlert } from "../services/alerts/acknowledge-alert.ts";
import { quietAlertingHooks } from "../services/alerts/alerting-hooks.ts";
import { resolveAlert } from "../services/alerts/resolve-alert.ts";
import type { ChangedAlert } from "./alert-changes.ts";
import { AlertEngine } from "./alert-engine.ts";

const MINUTE = 60_000;

describeEachDatabase("announcing changed alerts", (db) => {
  it("announces an opened, escalated, acknowledged and resolved alert, each after it is stored", async () => {
    const h = await createAlertingHarness(db());
    const heard: Array<{ alert: ChangedAlert; notificationsSent: Promise<number | undefined> }> =
      [];
    // What a listener reads when it hears of a change is the committed alert.
    h.actx.alertsChanged = (alerts) => {
      for (const alert of alerts) {
        heard.push({
          alert,
          notificationsSent: h.db
            .selectFrom("alerts")
            .select("notifications_sent")
            .where("id", "=", alert.id)
            .executeTakeFirst()
            .then((row) => row?.notifications_sent),
        });
      }
    };
    const engine = new AlertEngine({
      db: h.db,
      actx: h.actx,
      log: { warn: () => {} },
      onQueued: () => {},
    });
    const monitor = await h.monitor("Payments", { failureThreshold: 1 });
    await h.check(monitor.id, true);
    const record: CheckRecord = {
      monitorId: monitor.id,
      checkedAt: h.clock.now,
      plannedAt: h.clock.now,
      region: "us-west-1",
      outcome: {
        status: "down",
        responseTimeMs: 900,
        timings: { dnsMs: null, connectMs: null, tlsMs: null, firstByteMs: null },
        statusCode: 503,
        error: "Expected a 2xx or 3xx status but the server answered 503.",
      },
      health: { status: "down", consecutiveFailures: 1, consecutiveSuccesses: 0 },
      transition: "went-down",
    };
    await storeCheckBatch(h.db, [record], engine.hook);
    expect(heard).toEqual([]);
    engine.afterCommit();
    const [alert] = await h.alerts(monitor.id);
    expect(heard.map((entry) => entry.alert)).toEqual([
      { id: alert!.id, account_id: h.account.accountId },
    ]);
    expect(await heard[0]!.notificationsSent).toBe(1);

    h.clock.now += 10 * MINUTE;
    await h.runDue();
    expect(heard).toHaveLength(2);
    expect(await heard[1]!.notificationsSent).toBe(2);

    await acknowledgeAlert(h.ctx, quietAlertingHooks(h.actx), h.access, alert!.id);
    expect(heard.map((entry) => entry.alert.id)).toEqual([alert!.id, alert!.id, alert!.id]);
    await resolveAlert(
      h.ctx,
      { actx: h.actx, queued: () => {}, recheck: () => {} },
      h.access,
      alert!.id,
    );
    expect(heard).toHaveLength(4);
    expect((await h.alerts(monitor.id))[0]!.state).toBe("resolved");
  });
});
