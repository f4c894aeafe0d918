import type { AccountAccess } from "../../services/accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../../services/audit/record-audit-event.ts";
import { ServiceError } from "../../services/service-error.ts";
import { type SubscriptionFacts, subscriptionFacts } from "../subscription-facts.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { requireLiveSubscription } from "./live-subscription.ts";

/**
 * Cancels the subscription at the end of the period paid for (`cancel: true`), or undoes that
 * before the period ends (`cancel: false`). The plan stays until the period's end either way.
 */
export async function setCancellation(
  deps: BillingDeps,
  access: AccountAccess,
  cancel: boolean,
): Promise<SubscriptionFacts> {
  const row = await requireLiveSubscription(deps.ctx.db, access.accountId);
  if (!cancel && row.cancel_at_period_end !== 1) {
    throw new ServiceError(
      "conflict",
      "The subscription is not set to cancel; there is nothing to undo.",
    );
  }
  const updated = subscriptionFacts(
    await deps.stripe.subscriptions.update(row.id, { cancel_at_period_end: cancel }),
  );
  await recordAuditEvent(deps.ctx.db, deps.ctx, access.accountId, actorOf(access), {
    action: cancel ? "billing.cancelled" : "billing.resumed",
    target: { type: "subscription", id: row.id, label: row.plan ?? "subscription" },
    changes: { cancel_at_period_end: { before: row.cancel_at_period_end === 1, after: cancel } },
  });
  return updated;
}
