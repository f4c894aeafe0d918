import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AlertsChanged } from "../alerting/index.ts";
import { presentAlert } from "../presenters/alerting.ts";
import { viewAlerts } from "../services/alerts/alert-view.ts";
import type { LiveBus } from "./live-bus.ts";

interface PublishLog {
  warn(object: object, message: string): void;
}

const CHUNK = 400;

/**
 * Publishes changed alerts (opened, escalated, acknowledged, resolved) as `alert` events, read
 * after their transaction committed so each equals `GET /alerts/{id}`. Alerts of accounts nobody
 * listens to are not read; changes are published in the order they committed.
 */
export function alertPublisher(bus: LiveBus, db: Kysely<Database>, log: PublishLog): AlertsChanged {
  let tail = Promise.resolve();
  return (alerts) => {
    const ids = alerts.filter((alert) => bus.listening(alert.account_id)).map((alert) => alert.id);
    if (ids.length === 0) return;
    tail = tail
      .then(() => publishAlerts(bus, db, ids))
      .catch((error: unknown) => log.warn({ err: error }, "publishing live alert events failed"));
  };
}

async function publishAlerts(bus: LiveBus, db: Kysely<Database>, ids: string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await db
      .selectFrom("alerts")
      .selectAll()
      .where("id", "in", ids.slice(start, start + CHUNK))
      .execute();
    const views = await viewAlerts(db, rows, Date.now());
    rows.forEach((row, index) => {
      bus.publish(row.account_id, { name: "alert", data: { alert: presentAlert(views[index]!) } });
    });
  }
}
