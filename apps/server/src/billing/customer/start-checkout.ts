import type { AccountAccess } from "../../services/accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../../services/audit/record-audit-event.ts";
import { ServiceError } from "../../services/service-error.ts";
import { isArrangedPlan } from "../arranged-plans.ts";
import type { BillingInterval, PaidPlan } from "../offers.ts";
import { rememberCustomer } from "../store-subscription.ts";
import { type BillingDeps, priceId } from "./billing-deps.ts";
import { findCustomer, findLiveSubscription } from "./live-subscription.ts";

/**
 * Opens a Stripe Checkout session buying a plan for the account, and answers the address to
 * send the browser to. The account's Stripe customer is made once and reused. The plan applies
 * when Stripe's event says the payment went through, never when the browser comes back.
 */
export async function startCheckout(
  deps: BillingDeps,
  access: AccountAccess,
  purchase: { plan: PaidPlan; interval: BillingInterval },
): Promise<string> {
  const { ctx, stripe } = deps;
  if (access.plan === "enterprise") {
    throw new ServiceError("conflict", "Enterprise+ is arranged with sales, not bought here.");
  }
  if (isArrangedPlan(access.plan)) {
    throw new ServiceError(
      "conflict",
      "The account's plan was given by the server's operator, not bought here; ask them to change it.",
    );
  }
  if (await findLiveSubscription(ctx.db, access.accountId)) {
    throw new ServiceError(
      "conflict",
      "The account already pays for a plan; change that plan instead of buying another.",
    );
  }
  const prices = await deps.prices();
  const word = purchase.interval === "month" ? "monthly" : "yearly";
  const price = priceId(prices, `upwatch_${purchase.plan}_${word}`);
  const customer = await customerOf(deps, access.accountId);
  const settings = `${deps.appUrl}/settings`;
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: access.accountId,
    subscription_data: { metadata: { account_id: access.accountId } },
    line_items: [{ price, quantity: 1 }],
    success_url: `${settings}?checkout=complete&session={CHECKOUT_SESSION_ID}`,
    cancel_url: `${settings}?checkout=canceled`,
  });
  if (!session.url) {
    throw new ServiceError("unavailable", "Stripe did not give a Checkout page; try again.");
  }
  await recordAuditEvent(ctx.db, ctx, access.accountId, actorOf(access), {
    action: "billing.checkout_started",
    changes: {
      plan: { before: null, after: purchase.plan },
      interval: { before: null, after: purchase.interval },
    },
  });
  return session.url;
}

/** The account's Stripe customer, made on its first purchase and kept for every later one. */
async function customerOf(deps: BillingDeps, accountId: string): Promise<string> {
  const known = await findCustomer(deps.ctx.db, accountId);
  if (known) return known;
  const customer = await deps.stripe.customers.create(
    { metadata: { account_id: accountId } },
    { idempotencyKey: `customer-${accountId}` },
  );
  await rememberCustomer(deps.ctx.db, deps.ctx, accountId, customer.id);
  return (await findCustomer(deps.ctx.db, accountId)) ?? customer.id;
}
