import type Stripe from "stripe";
import type { AccountAccess } from "../../services/accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../../services/audit/record-audit-event.ts";
import { ServiceError } from "../../services/service-error.ts";
import { followSubscriptions } from "../follow-subscriptions.ts";
import { storeSubscription } from "../store-subscription.ts";
import { subscriptionFacts } from "../subscription-facts.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { requireLiveSubscription } from "./live-subscription.ts";
import { MONEY_BACK_MS } from "./read-billing.ts";

/**
 * The money-back guarantee: within 30 days of the subscription's first payment, refunds that
 * payment, ends the subscription now and moves the account to Free through the plan-change
 * rules. Later, refused with a sentence saying until when it was possible.
 */
export async function refundFirstPayment(deps: BillingDeps, access: AccountAccess): Promise<void> {
  const { ctx, stripe } = deps;
  const row = await requireLiveSubscription(ctx.db, access.accountId);
  if (row.first_paid_at == null) {
    throw new ServiceError("conflict", "Nothing has been paid yet, so there is nothing to refund.");
  }
  const until = Number(row.first_paid_at) + MONEY_BACK_MS;
  if (ctx.now() >= until) {
    const day = new Date(until).toISOString().slice(0, 10);
    throw new ServiceError(
      "conflict",
      `The 30-day money-back period ended on ${day}; a refund was possible until then.`,
    );
  }
  const paymentIntent = await firstPaymentIntent(stripe, row.id);
  if (!paymentIntent) {
    throw new ServiceError("conflict", "Stripe holds no payment of this subscription to refund.");
  }
  await stripe.refunds.create(
    { payment_intent: paymentIntent, reason: "requested_by_customer" },
    { idempotencyKey: `refund-${row.id}` },
  );
  const canceled = await stripe.subscriptions.cancel(row.id);
  const facts = subscriptionFacts(canceled);
  const endedAt = (canceled.canceled_at ?? canceled.created) * 1000;
  const defaultRegion = await deps.defaultRegion();
  await ctx.db.transaction().execute(async (trx) => {
    await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
      action: "billing.refunded",
      target: { type: "subscription", id: row.id, label: row.plan ?? "subscription" },
    });
    await storeSubscription(trx, ctx, access.accountId, facts, { eventAt: endedAt, paidAt: null });
    await followSubscriptions(trx, ctx, access.accountId, defaultRegion);
  });
}

/** The payment of the subscription's first invoice that took money. */
async function firstPaymentIntent(stripe: Stripe, subscription: string): Promise<string | null> {
  const invoices = await stripe.invoices.list({
    subscription,
    limit: 100,
    expand: ["data.payments"],
  });
  const paid = invoices.data
    .filter((invoice) => invoice.status === "paid" && invoice.amount_paid > 0)
    .sort((a, b) => a.created - b.created);
  for (const invoice of paid) {
    for (const payment of invoice.payments?.data ?? []) {
      const intent = payment.payment.payment_intent;
      if (intent) return typeof intent === "string" ? intent : intent.id;
    }
  }
  return null;
}
