import type { PlanId } from "@upwatch/core";
import type Stripe from "stripe";
import type { ServiceContext } from "../services/context.ts";
import { followSubscriptions } from "./follow-subscriptions.ts";
import { storeSubscription } from "./store-subscription.ts";
import { type SubscriptionFacts, subscriptionFacts } from "./subscription-facts.ts";

export interface ReconcileDeps {
  ctx: ServiceContext;
  stripe: Stripe;
  /** The region plans without a choice of region run from, for monitors a plan change moves. */
  defaultRegion: string;
}

/** What reconciling one account with Stripe found. */
export type AccountReconciled =
  | {
      accountId: string;
      accountName: string;
      subscriptions: number;
      from: PlanId;
      to: PlanId;
    }
  | { accountId: string; accountName: string; failure: string };

/**
 * Reads again from Stripe every subscription of every account with a Stripe customer, stores
 * each as an event would, and applies the plan through the plan-change rules: what events lost
 * during an outage should have done. One account's failure does not stop the others.
 */
export async function reconcileBilling(deps: ReconcileDeps): Promise<AccountReconciled[]> {
  const customers = await deps.ctx.db
    .selectFrom("billing_customers")
    .innerJoin("accounts", "accounts.id", "billing_customers.account_id")
    .select(["accounts.id", "accounts.name", "billing_customers.customer_id"])
    .orderBy("billing_customers.created_at")
    .orderBy("accounts.id")
    .execute();
  const results: AccountReconciled[] = [];
  for (const customer of customers) {
    const account = { accountId: customer.id, accountName: customer.name };
    try {
      results.push({ ...account, ...(await reconcileAccount(deps, customer)) });
    } catch (error) {
      results.push({ ...account, failure: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}

async function reconcileAccount(
  deps: ReconcileDeps,
  customer: { id: string; customer_id: string },
): Promise<{ subscriptions: number; from: PlanId; to: PlanId }> {
  const { ctx, stripe } = deps;
  // Stored as of the moment before reading, so an event Stripe makes meanwhile still applies.
  const readAt = ctx.now();
  const found: { facts: SubscriptionFacts; paidAt: number | null }[] = [];
  for await (const subscription of stripe.subscriptions.list({
    customer: customer.customer_id,
    status: "all",
    limit: 100,
  })) {
    const facts = subscriptionFacts(subscription);
    const paidAt = (await firstPaidKnown(ctx, facts.id))
      ? null
      : await firstPaidAt(stripe, facts.id);
    found.push({ facts, paidAt });
  }
  return ctx.db.transaction().execute(async (trx) => {
    const planOf = async () =>
      (
        await trx
          .selectFrom("accounts")
          .select("plan")
          .where("id", "=", customer.id)
          .executeTakeFirstOrThrow()
      ).plan as PlanId;
    const from = await planOf();
    for (const { facts, paidAt } of found) {
      await storeSubscription(trx, ctx, customer.id, facts, { eventAt: readAt, paidAt });
    }
    await followSubscriptions(trx, ctx, customer.id, deps.defaultRegion);
    return { subscriptions: found.length, from, to: await planOf() };
  });
}

async function firstPaidKnown(ctx: ServiceContext, subscriptionId: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom("billing_subscriptions")
    .select("first_paid_at")
    .where("id", "=", subscriptionId)
    .executeTakeFirst();
  return row?.first_paid_at != null;
}

/** When the subscription's first invoice that took money was paid (epoch ms), from its paid invoices. */
async function firstPaidAt(stripe: Stripe, subscription: string): Promise<number | null> {
  let earliest: number | null = null;
  for await (const invoice of stripe.invoices.list({ subscription, status: "paid", limit: 100 })) {
    if (invoice.amount_paid <= 0) continue;
    const paidAt = (invoice.status_transitions?.paid_at ?? invoice.created) * 1000;
    earliest = earliest === null ? paidAt : Math.min(earliest, paidAt);
  }
  return earliest;
}
