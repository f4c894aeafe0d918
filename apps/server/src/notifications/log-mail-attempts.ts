import type { MailAttemptListener } from "../mail/outbox-worker.ts";
import type { DeliveryAttempt } from "../records/delivery-attempt.ts";
import type { ServiceContext } from "../services/context.ts";
import { type DeliveryAttempts, logDeliveryAttempt } from "./delivery-log.ts";

/** The outbox kind of alert mails; their outbox id is the notification id. */
export const ALERT_MAIL_KIND = "alert-notification";

/**
 * Logs each attempt the mail outbox makes at an alert mail in the delivery log, and settles the
 * notification once the mail is sent or given up.
 */
export function logAlertMailAttempts(
  ctx: ServiceContext,
  attempts: DeliveryAttempts,
): MailAttemptListener {
  return async ({ row, ok, error, latencyMs, final }) => {
    if (row.kind !== ALERT_MAIL_KIND) return;
    const notification = await ctx.db
      .selectFrom("notifications")
      .selectAll()
      .where("id", "=", row.id)
      .executeTakeFirst();
    if (!notification) return;
    const attempt: DeliveryAttempt = {
      notificationId: row.id,
      status: ok ? "delivered" : "failed",
      latencyMs,
      error,
      attemptedAt: ctx.now(),
    };
    await ctx.transact(async (trx) => {
      await logDeliveryAttempt(trx, ctx.newId("dlv"), notification, attempt);
      await trx
        .updateTable("notifications")
        .set((eb) => ({
          attempts: eb("attempts", "+", 1),
          ...(final
            ? { status: ok ? "delivered" : "failed", finished_at: attempt.attemptedAt }
            : {}),
        }))
        .where("id", "=", row.id)
        .execute();
    });
    attempts.logged(attempt);
  };
}
