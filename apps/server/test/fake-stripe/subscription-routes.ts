import { invoiceObject, pendingLines, periodLines } from "./fake-invoices.ts";
import {
  cancelSubscription,
  type ItemChange,
  type ProrationBehavior,
  planUpdate,
  updateSubscription,
} from "./fake-subscriptions.ts";
import { badParameter, noSuch } from "./stripe-error.ts";
import type { FakeRoute } from "./stripe-http.ts";
import { flag, list, record, required, text, whole } from "./stripe-params.ts";
import { pageOf, type StripeObject, type StripeStore } from "./stripe-store.ts";

const BEHAVIORS = ["create_prorations", "always_invoice", "none"];
const STATUSES = [
  "active",
  "past_due",
  "unpaid",
  "canceled",
  "incomplete",
  "incomplete_expired",
  "trialing",
  "paused",
];

/** Subscriptions, invoices (with the preview of a change) and refunds. */
export function subscriptionRoutes(store: StripeStore, baseUrl: () => string): FakeRoute[] {
  const subscription = (id = "") => store.get("subscription", id);
  return [
    {
      method: "GET",
      path: "/v1/subscriptions",
      handle: ({ body }) => listSubscriptions(store, body),
    },
    {
      method: "GET",
      path: "/v1/subscriptions/:id",
      handle: ({ params }) => subscription(params.id),
    },
    {
      method: "POST",
      path: "/v1/subscriptions/:id",
      handle: ({ params, body }) =>
        updateSubscription(store, baseUrl(), subscription(params.id), {
          items: itemChanges(body),
          behavior: behaviorOf(body, "proration_behavior"),
          cancelAtPeriodEnd: flag(body, "cancel_at_period_end"),
        }),
    },
    {
      method: "DELETE",
      path: "/v1/subscriptions/:id",
      handle: ({ params }) => cancelSubscription(store, subscription(params.id)),
    },
    {
      method: "GET",
      path: "/v1/invoices",
      handle: ({ body }) => {
        const customer = text(body, "customer");
        const sub = text(body, "subscription");
        const status = text(body, "status");
        const invoices = store
          .list("invoice")
          .filter((invoice) => !customer || invoice.customer === customer)
          .filter((invoice) => !sub || subscriptionOf(invoice) === sub)
          .filter((invoice) => !status || invoice.status === status);
        return pageOf(invoices, body, "/v1/invoices");
      },
    },
    {
      method: "GET",
      path: "/v1/invoices/:id",
      handle: ({ params }) => store.get("invoice", params.id ?? ""),
    },
    {
      method: "POST",
      path: "/v1/invoices/create_preview",
      handle: ({ body }) => previewInvoice(store, baseUrl(), body),
    },
    { method: "POST", path: "/v1/refunds", handle: ({ body }) => refund(store, body) },
  ];
}

/**
 * A customer's subscriptions, newest first; as in Stripe, canceled ones only with `status` all,
 * canceled or ended.
 */
function listSubscriptions(store: StripeStore, body: Record<string, unknown>) {
  const customer = text(body, "customer");
  if (customer) store.get("customer", customer, "customer");
  const status = text(body, "status");
  if (status && !["all", "ended", ...STATUSES].includes(status)) {
    throw badParameter(
      "status",
      `Invalid status: must be one of all, ended or ${STATUSES.join(", ")}`,
    );
  }
  const ended = ["canceled", "incomplete_expired"];
  const wanted = (subscription: StripeObject) => {
    const current = String(subscription.status);
    if (status === "all") return true;
    if (status === "ended") return ended.includes(current);
    return status ? current === status : !ended.includes(current);
  };
  const subscriptions = store
    .list("subscription")
    .filter((subscription) => !customer || subscription.customer === customer)
    .filter(wanted);
  return pageOf(subscriptions, body, "/v1/subscriptions");
}

function itemChanges(body: Record<string, unknown>): ItemChange[] {
  return list(body, "items").map((entry) => {
    const item = record({ entry }, "entry");
    return {
      id: text(item, "id"),
      price: text(item, "price"),
      quantity: whole(item, "quantity"),
      deleted: flag(item, "deleted"),
    };
  });
}

function behaviorOf(body: Record<string, unknown>, name: string): ProrationBehavior {
  const value = text(body, name) ?? "create_prorations";
  if (!BEHAVIORS.includes(value)) throw badParameter(name, `Invalid ${name}: ${value}`);
  return value as ProrationBehavior;
}

function subscriptionOf(invoice: StripeObject): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: string } } | null;
  return parent?.subscription_details?.subscription ?? null;
}

/** The invoice a change would bring now, or the next one without a change; nothing is stored. */
function previewInvoice(store: StripeStore, baseUrl: string, body: Record<string, unknown>) {
  const id = required(body, "subscription");
  const subscription = store.get("subscription", id);
  const customer = text(body, "customer") ?? String(subscription.customer);
  if (customer !== subscription.customer) throw noSuch("subscription", id, "subscription");
  const details = record(body, "subscription_details");
  const changes = itemChanges(details);
  const behavior = behaviorOf(details, "proration_behavior");
  const { items, lines, resetsCycle } = planUpdate(store, subscription, changes, behavior);
  const after = { ...subscription, items: { ...(subscription.items as object), data: items } };
  const billedNow = changes.length > 0 && (resetsCycle || behavior === "always_invoice");
  const withPending = [
    ...pendingLines(store, customer),
    ...lines,
    ...(billedNow && !resetsCycle ? [] : periodLines(store, after)),
  ];
  return invoiceObject(store, {
    id: store.newId("upcoming_in"),
    customer,
    subscription: id,
    lines: withPending,
    reason: billedNow ? "subscription_update" : "upcoming",
    status: "draft",
    baseUrl,
  });
}

function refund(store: StripeStore, body: Record<string, unknown>): StripeObject {
  const paymentIntent = required(body, "payment_intent");
  const payment = store
    .list("invoice")
    .flatMap((invoice) => (invoice.payments as { data: StripeObject[] }).data)
    .find(
      (entry) => (entry.payment as { payment_intent: string }).payment_intent === paymentIntent,
    );
  if (!payment) throw noSuch("payment_intent", paymentIntent, "payment_intent");
  const refunded = store
    .list("refund")
    .filter((entry) => entry.payment_intent === paymentIntent)
    .reduce((sum, entry) => sum + Number(entry.amount), 0);
  const left = Number(payment.amount_paid) - refunded;
  const amount = whole(body, "amount") ?? left;
  if (amount <= 0 || amount > left) {
    throw badParameter(
      "amount",
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
    );
  }
  return store.put({
    id: store.newId("re"),
    object: "refund",
    payment_intent: paymentIntent,
    amount,
    currency: "usd",
    status: "succeeded",
    reason: text(body, "reason") ?? null,
    metadata: {},
    created: store.now(),
  });
}
