import type Stripe from "stripe";
import { idOf } from "./subscription-facts.ts";

/** The subscription an event is about, and what the event alone tells of it. */
export interface EventSubject {
  subscriptionId: string;
  /** The account named where the purchase began (Checkout's client reference). */
  accountHint: string | null;
  /** When money was taken, for an `invoice.paid` that charged something (epoch ms). */
  paidAt: number | null;
}

/**
 * The subscription an event concerns, for the events billing applies (Checkout completed, a
 * subscription created, updated or deleted, an invoice paid or failed); null for the others.
 */
export function subjectOf(event: Stripe.Event): EventSubject | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.mode !== "subscription" || !session.subscription) return null;
      return {
        subscriptionId: idOf(session.subscription),
        accountHint: session.client_reference_id ?? null,
        paidAt: null,
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return { subscriptionId: event.data.object.id, accountHint: null, paidAt: null };
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscription = invoice.parent?.subscription_details?.subscription;
      if (!subscription) return null;
      const charged = event.type === "invoice.paid" && invoice.amount_paid > 0;
      const paidAt = invoice.status_transitions?.paid_at ?? event.created;
      return {
        subscriptionId: idOf(subscription),
        accountHint: null,
        paidAt: charged ? paidAt * 1000 : null,
      };
    }
    default:
      return null;
  }
}
