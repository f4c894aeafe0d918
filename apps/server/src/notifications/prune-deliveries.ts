import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** Delivery attempts and finished notifications are kept this long. */
export const DELIVERY_LOG_DAYS = 30;

/**
 * Deletes the delivery log and finished notifications older than 30 days, but keeps the
 * notifications of alerts still open: they say which channels hear of the alert's end.
 */
export async function pruneDeliveries(db: Kysely<Database>, now: number): Promise<number> {
  const cutoff = now - DELIVERY_LOG_DAYS * 86_400_000;
  const log = await db
    .deleteFrom("notification_deliveries")
    .where("attempted_at", "<", cutoff)
    .executeTakeFirst();
  const finished = await db
    .deleteFrom("notifications")
    .where("status", "in", ["delivered", "failed"])
    .where("created_at", "<", cutoff)
    .where((eb) =>
      eb.or([
        eb("alert_id", "is", null),
        eb.not(
          eb.exists(
            eb
              .selectFrom("alerts")
              .select("alerts.id")
              .whereRef("alerts.id", "=", "notifications.alert_id")
              .where("alerts.state", "!=", "resolved"),
          ),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(log.numDeletedRows) + Number(finished.numDeletedRows);
}
