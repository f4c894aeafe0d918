import { resolveAlertByHand } from "../../alerting/index.ts";
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
    const queued = await resolveAlertByHand(ctx.db, hooks.actx, alert, ctx.now());
    if (queued > 0) hooks.queued();
  }
  const [view] = await viewAlerts(ctx.db, [await findAlert(ctx, access, alertId)], ctx.now());
  return view!;
}
