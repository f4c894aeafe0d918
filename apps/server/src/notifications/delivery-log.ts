import { EventEmitter } from "node:events";
import type { Database, NotificationTable } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { DeliveryAttempt } from "../records/delivery-attempt.ts";

/** Writes an attempt to the delivery log (kept 30 days). */
export async function logDeliveryAttempt(
  trx: Kysely<Database>,
  id: string,
  notification: NotificationTable,
  attempt: DeliveryAttempt,
): Promise<void> {
  await trx
    .insertInto("notification_deliveries")
    .values({
      id,
      account_id: notification.account_id,
      notification_id: notification.id,
      channel_id: notification.channel_id,
      channel_type: notification.channel_type,
      alert_id: notification.alert_id,
      monitor_id: notification.monitor_id,
      agent_id: notification.agent_id,
      event: notification.event,
      status: attempt.status,
      latency_ms: attempt.latencyMs,
      error: attempt.error === null ? null : attempt.error.slice(0, 1000),
      attempted_at: attempt.attemptedAt,
    })
    .execute();
}

/**
 * Tells waiting code of attempts made in this process, once they are logged: a channel test
 * answers with how its notification went.
 */
export class DeliveryAttempts {
  private readonly events = new EventEmitter();

  constructor() {
    this.events.setMaxListeners(0);
  }

  logged(attempt: DeliveryAttempt): void {
    this.events.emit(attempt.notificationId, attempt);
  }

  /** The notification's next logged attempt, or null when none comes within `timeoutMs`. */
  waitFor(notificationId: string, timeoutMs: number): Promise<DeliveryAttempt | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.events.off(notificationId, done);
        resolve(null);
      }, timeoutMs);
      const done = (attempt: DeliveryAttempt) => {
        clearTimeout(timer);
        resolve(attempt);
      };
      this.events.once(notificationId, done);
    });
  }
}
