import { acknowledgeEscalation } from "@upwatch/core";
import type { AlertTable } from "@upwatch/db";
import { enqueueAcknowledgementNotice, escalationOf } from "../../alerting/index.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { type AlertView, viewAlerts } from "./alert-view.ts";
import type { AlertingHooks } from "./alerting-hooks.ts";
import { findAlert } from "./get-alert.ts";

/** Acknowledges one of the account's alerts: no more notifications; it stays open. */
export async function acknowledgeAlert(
  ctx: ServiceContext,
  hooks: AlertingHooks,
  access: AccountAccess,
  alertId: string,
): Promise<AlertView> {
  const found = await findAlert(ctx, access, alertId);
  const alert = await acknowledgeStoredAlert(ctx, hooks, found);
  const [view] = await viewAlerts(ctx.db, [alert], ctx.now());
  return view!;
}

/**
 * Acknowledges a stored alert (from the API or its page), with an `alert.acknowledged` notice to
 * the channels that take one. Acknowledging twice is harmless; a resolved alert cannot be
 * acknowledged. Listeners of alert changes hear of it once it is stored.
 */
export async function acknowledgeStoredAlert(
  ctx: ServiceContext,
  hooks: AlertingHooks,
  alert: AlertTable,
): Promise<AlertTable> {
  if (alert.state === "resolved") {
    throw new ServiceError(
      "conflict",
      "This alert is already resolved; there is nothing to acknowledge.",
    );
  }
  if (alert.acknowledged_at !== null) return alert;
  const escalation = acknowledgeEscalation(escalationOf(alert));
  const at = ctx.now();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("alerts")
      .set({ acknowledged_at: at, next_due_at: escalation.nextDueAt, held: 0 })
      .where("id", "=", alert.id)
      .where("state", "=", "open")
      .where("acknowledged_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    return { queued: await enqueueAcknowledgementNotice(trx, hooks.actx, alert, at) };
  });
  if (outcome) {
    hooks.actx.alertsChanged?.([alert]);
    if (outcome.queued > 0) hooks.queued();
    return { ...alert, acknowledged_at: at, next_due_at: escalation.nextDueAt, held: 0 };
  }
  const current = await ctx.db
    .selectFrom("alerts")
    .selectAll()
    .where("id", "=", alert.id)
    .executeTakeFirstOrThrow();
  return current.state === "resolved" ? acknowledgeStoredAlert(ctx, hooks, current) : current;
}
