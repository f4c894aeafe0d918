import { AlertChanges } from "../../alerting/alert-changes.ts";
import { inTransaction } from "../../alerting/alerting-context.ts";
import { AlertingSnapshot } from "../../alerting/alerting-snapshot.ts";
import { closeAlert, enqueueClosingNotice } from "../../alerting/close-alert.ts";
import { loadLastCheck } from "../../alerting/last-check.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { type AlertView, viewAlerts } from "./alert-view.ts";
import type { AlertingHooks } from "./alerting-hooks.ts";
import { findAlert } from "./get-alert.ts";

/**
 * Resolves an alert by hand, with an `alert.resolved` notice when its opening was notified.
 * The monitor's incident goes on until it recovers; resolving a resolved alert changes nothing.
 */
export async function resolveAlert(
  ctx: ServiceContext,
  hooks: AlertingHooks,
  access: AccountAccess,
  alertId: string,
): Promise<AlertView> {
  const alert = await findAlert(ctx, access, alertId);
  if (alert.state === "open") {
    const at = ctx.now();
    const changes = new AlertChanges();
    const actx = inTransaction(hooks.actx, changes);
    const queued = await ctx.db.transaction().execute(async (trx) => {
      if (!(await closeAlert(trx, actx, alert, at, "by-hand"))) return 0;
      const snapshot = await AlertingSnapshot.load(trx, [alert.monitor_id]);
      const check = await loadLastCheck(trx, alert.monitor_id);
      return enqueueClosingNotice(trx, actx, snapshot, alert, "alert.resolved", at, check);
    });
    changes.announce(hooks.actx.alertsChanged);
    if (queued > 0) hooks.queued();
  }
  const [view] = await viewAlerts(ctx.db, [await findAlert(ctx, access, alertId)]);
  return view!;
}
