import { expect, it } from "vitest";
import { createAlertingHarness } from "../../test/alerting.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { pruneCheckHistory } from "../engine/prune-results.ts";
import { pruneDeliveries } from "./prune-deliveries.ts";

const DAY = 86_400_000;

describeEachDatabase("alerting history", (db) => {
  it("keeps the delivery log 30 days, and resolved alerts and incidents for the plan's history", async () => {
    const h = await createAlertingHarness(db(), "free");
    const monitor = await h.monitor("API", { failureThreshold: 1 });
    const start = h.clock.now;
    await h.check(monitor.id, false);
    h.clock.now += 60_000;
    await h.check(monitor.id, true);
    const notification = (await h.notifications(monitor.id))[0]!;
    await h.db
      .updateTable("notifications")
      .set({ status: "delivered" })
      .where("account_id", "=", h.account.accountId)
      .execute();
    await h.db
      .insertInto("notification_deliveries")
      .values({
        id: "dlv_old",
        account_id: h.account.accountId,
        notification_id: notification.id,
        channel_id: notification.channel_id,
        channel_type: "email",
        alert_id: notification.alert_id,
        monitor_id: monitor.id,
        event: "monitor.down",
        status: "delivered",
        latency_ms: 12,
        error: null,
        attempted_at: start,
      })
      .execute();
    const countOf = async (
      table: "notification_deliveries" | "notifications" | "alerts" | "incidents",
    ) =>
      Number(
        (
          await h.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("account_id", "=", h.account.accountId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await pruneDeliveries(h.db, start + 29 * DAY);
    expect(await countOf("notification_deliveries")).toBe(1);
    await pruneDeliveries(h.db, start + 31 * DAY);
    expect(await countOf("notification_deliveries")).toBe(0);
    expect(await countOf("notifications")).toBe(0);
    expect(await countOf("alerts")).toBe(1);
    await pruneCheckHistory(h.db, start + 31 * DAY);
    expect(await countOf("alerts")).toBe(0);
    expect(await countOf("incidents")).toBe(0);
  });

  it("keeps the notices of an alert still open past 30 days, so its recovery reaches the channels that heard of it", async () => {
    const h = await createAlertingHarness(db(), "free");
    const monitor = await h.monitor("API", { failureThreshold: 1 });
    await h.check(monitor.id, false);
    await h.db
      .updateTable("notifications")
      .set({ status: "delivered" })
      .where("account_id", "=", h.account.accountId)
      .execute();
    h.clock.now += 31 * DAY;
    await pruneDeliveries(h.db, h.clock.now);
    expect((await h.notifications(monitor.id)).map((n) => n.event)).toEqual(["monitor.down"]);
    await h.check(monitor.id, true);
    expect((await h.notifications(monitor.id)).map((n) => n.event)).toEqual([
      "monitor.down",
      "monitor.up",
    ]);
  });
});
