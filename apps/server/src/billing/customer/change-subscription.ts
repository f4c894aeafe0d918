import type { AccountAccess } from "../../services/accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../../services/audit/record-audit-event.ts";
import { type SubscriptionFacts, subscriptionFacts } from "../subscription-facts.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { requireLiveSubscription } from "./live-subscription.ts";
import { type BillingChange, type PlannedItems, plannedItems } from "./planned-items.ts";

/** What a change costs, from Stripe's proration preview, in cents. */
export interface ChangePreview {
  currency: string;
  amountDueNow: number;
  credit: number;
  nextInvoiceTotal: number;
}

/** How Stripe prorates: an upgrade is invoiced now, a downgrade credits the next invoices. */
function prorationOf(planned: PlannedItems) {
  return planned.upgrade ? ("always_invoice" as const) : ("create_prorations" as const);
}

async function plan(deps: BillingDeps, accountId: string, change: BillingChange) {
  const row = await requireLiveSubscription(deps.ctx.db, accountId);
  const subscription = await deps.stripe.subscriptions.retrieve(row.id);
  const facts = subscriptionFacts(subscription);
  const planned = plannedItems(subscription, facts, change, await deps.prices());
  return { subscription, facts, planned };
}

/** Stripe's preview of the change: what is due now, the credit for unused time, the next invoice. */
export async function previewBillingChange(
  deps: BillingDeps,
  access: AccountAccess,
  change: BillingChange,
): Promise<ChangePreview> {
  const { subscription, planned } = await plan(deps, access.accountId, change);
  const preview = await deps.stripe.invoices.createPreview({
    customer:
      typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    subscription: subscription.id,
    subscription_details: { items: planned.items, proration_behavior: prorationOf(planned) },
  });
  const credit = preview.lines.data
    .filter((line) => line.amount < 0)
    .reduce((sum, line) => sum - line.amount, 0);
  return {
    currency: preview.currency,
    amountDueNow: planned.upgrade ? preview.amount_due : 0,
    credit,
    nextInvoiceTotal: planned.upgrade ? planned.nextPeriodCents : Math.max(0, preview.total),
  };
}

/** Applies the change in Stripe; the plan follows when Stripe's event arrives. */
export async function changeBilling(
  deps: BillingDeps,
  access: AccountAccess,
  change: BillingChange,
): Promise<SubscriptionFacts> {
  const { subscription, facts, planned } = await plan(deps, access.accountId, change);
  const updated = subscriptionFacts(
    await deps.stripe.subscriptions.update(subscription.id, {
      items: planned.items,
      proration_behavior: prorationOf(planned),
    }),
  );
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of [
    "plan",
    "interval",
    "extraMonitors",
    "extraAgents",
    "statusPageAddOn",
  ] as const) {
    if (facts[field] !== updated[field])
      changes[field] = { before: facts[field], after: updated[field] };
  }
  await recordAuditEvent(deps.ctx.db, deps.ctx, access.accountId, actorOf(access), {
    action: "billing.changed",
    target: { type: "subscription", id: subscription.id, label: updated.plan ?? "subscription" },
    changes,
  });
  return updated;
}
