import type { PlanId } from "@upwatch/core";
import type Stripe from "stripe";
import { type BillingInterval, offerOf, type StatusPageAddOn } from "./offers.ts";

/** What billing keeps of a Stripe subscription: what it sells, and where its period stands. */
export interface SubscriptionFacts {
  id: string;
  customerId: string;
  status: Stripe.Subscription.Status;
  plan: PlanId | null;
  priceId: string | null;
  interval: BillingInterval | null;
  extraMonitors: number;
  extraAgents: number;
  statusPageAddOn: StatusPageAddOn | null;
  /** Epoch milliseconds. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  createdAt: number;
  /** The account the subscription was bought for, as its metadata names it. */
  accountId: string | null;
}

/** Statuses in which the subscription's plan is the account's: paid, or a payment being retried. */
export const PLAN_GIVING_STATUSES: readonly string[] = ["active", "trialing", "past_due"];

/** Reads a subscription by its prices' lookup keys; prices the product does not sell count for nothing. */
export function subscriptionFacts(subscription: Stripe.Subscription): SubscriptionFacts {
  const facts: SubscriptionFacts = {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    status: subscription.status,
    plan: null,
    priceId: null,
    interval: null,
    extraMonitors: 0,
    extraAgents: 0,
    statusPageAddOn: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    createdAt: subscription.created * 1000,
    accountId: subscription.metadata?.account_id ?? null,
  };
  for (const item of subscription.items.data) {
    const offer = offerOf(item.price.lookup_key);
    if (!offer) continue;
    const end = item.current_period_end * 1000;
    facts.currentPeriodEnd = Math.max(facts.currentPeriodEnd ?? 0, end);
    const quantity = item.quantity ?? 0;
    switch (offer.item.kind) {
      case "plan":
        facts.plan = offer.item.plan;
        facts.priceId = item.price.id;
        facts.interval = offer.interval;
        break;
      case "extra":
        if (offer.item.extra === "monitor") facts.extraMonitors = quantity;
        else facts.extraAgents = quantity;
        break;
      case "status-page":
        facts.statusPageAddOn = offer.item.addOn;
        break;
      case "sms":
        break;
    }
  }
  return facts;
}

/** The id of a field Stripe gives as an id or as the expanded object. */
export function idOf(value: string | { id: string }): string {
  return typeof value === "string" ? value : value.id;
}
