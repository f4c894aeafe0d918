import { type InvoiceLine, issueInvoice, itemsOf, periodLines } from "./fake-invoices.ts";
import { badParameter, noSuch } from "./stripe-error.ts";
import type { StripeObject, StripeStore } from "./stripe-store.ts";

/** One entry of `items[]` in a subscription update or preview. */
export interface ItemChange {
  id?: string | undefined;
  price?: string | undefined;
  quantity?: number | undefined;
  deleted?: boolean | undefined;
}

export type ProrationBehavior = "create_prorations" | "always_invoice" | "none";

/** Starts an active subscription paid by its first invoice, as a completed Checkout does. */
export function startSubscription(
  store: StripeStore,
  baseUrl: string,
  options: { customer: string; items: ItemChange[]; metadata: Record<string, string> },
): StripeObject {
  const id = store.newId("sub");
  const start = store.now();
  const items = options.items.map((change) => newItem(store, id, change, start));
  intervalOf(items);
  const subscription = store.put({
    id,
    object: "subscription",
    customer: options.customer,
    status: "active",
    currency: "usd",
    collection_method: "charge_automatically",
    items: {
      object: "list",
      data: items,
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    billing_cycle_anchor: start,
    start_date: start,
    created: start,
    latest_invoice: null as string | null,
    metadata: options.metadata,
    livemode: false,
  });
  const invoice = issueInvoice(store, baseUrl, {
    customer: options.customer,
    subscription: id,
    lines: periodLines(store, subscription),
    reason: "subscription_create",
    paid: true,
  });
  subscription.latest_invoice = invoice.id;
  store.emit("customer.subscription.created", subscription);
  return subscription;
}

/** What an update would do: the items after it, and the proration lines it bills or credits. */
export function planUpdate(
  store: StripeStore,
  subscription: StripeObject,
  changes: ItemChange[],
  behavior: ProrationBehavior,
): { items: StripeObject[]; lines: InvoiceLine[]; resetsCycle: boolean } {
  const before = itemsOf(subscription);
  const now = store.now();
  const items = before.map((item) => ({ ...item }));
  for (const change of changes) {
    if (!change.id) {
      items.push(newItem(store, subscription.id, change, now, before[0]));
      continue;
    }
    const index = items.findIndex((item) => item.id === change.id);
    if (index < 0) throw noSuch("subscription item", change.id, "items");
    if (change.deleted) {
      items.splice(index, 1);
      continue;
    }
    const item = items[index] as StripeObject;
    if (change.price) item.price = store.get("price", change.price);
    if (change.quantity !== undefined) item.quantity = change.quantity;
  }
  const resetsCycle = intervalOf(items) !== intervalOf(before);
  if (resetsCycle) {
    for (const [index, item] of items.entries())
      items[index] = { ...item, ...periodFrom(now, { price: item.price }) };
  }
  const lines =
    behavior === "none" && !resetsCycle ? [] : prorations(before, items, now, resetsCycle);
  return { items, lines, resetsCycle };
}

/** Applies an update: items, cancellation at the period's end, prorations as asked. */
export function updateSubscription(
  store: StripeStore,
  baseUrl: string,
  subscription: StripeObject,
  update: {
    items: ItemChange[];
    behavior: ProrationBehavior;
    cancelAtPeriodEnd?: boolean | undefined;
  },
): StripeObject {
  if (subscription.status === "canceled") {
    throw badParameter(
      "subscription",
      "A canceled subscription can only update its cancellation_details and metadata.",
    );
  }
  const previous: Record<string, unknown> = {};
  if (update.items.length > 0) {
    const plan = planUpdate(store, subscription, update.items, update.behavior);
    previous.items = structuredClone(subscription.items);
    (subscription.items as { data: StripeObject[] }).data = plan.items;
    if (plan.resetsCycle || update.behavior === "always_invoice") {
      const lines = plan.resetsCycle
        ? [...plan.lines, ...periodLines(store, subscription)]
        : plan.lines;
      if (lines.length > 0) {
        const invoice = issueInvoice(store, baseUrl, {
          customer: String(subscription.customer),
          subscription: subscription.id,
          lines,
          reason: "subscription_update",
          paid: true,
        });
        subscription.latest_invoice = invoice.id;
      }
    } else {
      for (const line of plan.lines) addPendingItem(store, subscription, line);
    }
  }
  if (update.cancelAtPeriodEnd !== undefined) {
    previous.cancel_at_period_end = subscription.cancel_at_period_end;
    subscription.cancel_at_period_end = update.cancelAtPeriodEnd;
    subscription.cancel_at = update.cancelAtPeriodEnd ? periodEndOf(subscription) : null;
  }
  store.emit("customer.subscription.updated", subscription, previous);
  return subscription;
}

/** Ends a subscription now. */
export function cancelSubscription(store: StripeStore, subscription: StripeObject): StripeObject {
  if (subscription.status === "canceled") {
    throw badParameter("subscription", `This subscription has already been canceled.`);
  }
  subscription.status = "canceled";
  subscription.canceled_at = store.now();
  subscription.ended_at = store.now();
  store.emit("customer.subscription.deleted", subscription);
  return subscription;
}

/**
 * The period ends: a subscription set to cancel ends; another renews with a new invoice, paid
 * or failed (then `past_due`).
 */
export function renewSubscription(
  store: StripeStore,
  baseUrl: string,
  subscription: StripeObject,
  paid: boolean,
): StripeObject {
  if (subscription.cancel_at_period_end) return cancelSubscription(store, subscription);
  const previous = { status: subscription.status, items: structuredClone(subscription.items) };
  const start = periodEndOf(subscription);
  const items = itemsOf(subscription);
  for (const [index, item] of items.entries())
    items[index] = { ...item, ...periodFrom(start, { price: item.price }) };
  const invoice = issueInvoice(store, baseUrl, {
    customer: String(subscription.customer),
    subscription: subscription.id,
    lines: periodLines(store, subscription),
    reason: "subscription_cycle",
    paid,
  });
  subscription.latest_invoice = invoice.id;
  subscription.status = paid ? "active" : "past_due";
  store.emit("customer.subscription.updated", subscription, previous);
  return subscription;
}

function newItem(
  store: StripeStore,
  subscription: string,
  change: ItemChange,
  now: number,
  sibling?: StripeObject,
): StripeObject {
  if (!change.price) throw badParameter("items", "Missing required param: items[][price].");
  const price = store.get("price", change.price);
  const metered = (price.recurring as { usage_type?: string } | null)?.usage_type === "metered";
  const period = sibling
    ? {
        current_period_start: sibling.current_period_start,
        current_period_end: sibling.current_period_end,
      }
    : periodFrom(now, { price });
  return {
    id: store.newId("si"),
    object: "subscription_item",
    subscription,
    price,
    ...(metered ? {} : { quantity: change.quantity ?? 1 }),
    ...period,
    created: now,
    metadata: {},
  };
}

function periodFrom(start: number, item: { price: unknown }) {
  const interval = ((item.price as StripeObject).recurring as { interval: string } | null)
    ?.interval;
  const end = new Date(start * 1000);
  if (interval === "year") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return { current_period_start: start, current_period_end: Math.floor(end.getTime() / 1000) };
}

function periodEndOf(subscription: StripeObject): number {
  return Number(itemsOf(subscription)[0]?.current_period_end ?? subscription.created);
}

/** Stripe bills every licensed item of a subscription on one interval. */
function intervalOf(items: StripeObject[]): string {
  const intervals = new Set(
    items.map((item) => ((item.price as StripeObject).recurring as { interval: string }).interval),
  );
  if (intervals.size > 1) {
    throw badParameter(
      "items",
      "All prices on a subscription must have the same `recurring.interval`.",
    );
  }
  return [...intervals][0] ?? "month";
}

function prorations(
  before: StripeObject[],
  after: StripeObject[],
  now: number,
  resetsCycle: boolean,
): InvoiceLine[] {
  const lines: InvoiceLine[] = [];
  const same = (a: StripeObject, b: StripeObject | undefined) =>
    b !== undefined &&
    (a.price as StripeObject).id === (b.price as StripeObject).id &&
    a.quantity === b.quantity;
  for (const item of before) {
    const next = after.find((candidate) => candidate.id === item.id);
    if (!resetsCycle && same(item, next)) continue;
    const line = remainderOf(item, now, -1);
    if (line) lines.push(line);
  }
  if (resetsCycle) return lines;
  for (const item of after) {
    const previous = before.find((candidate) => candidate.id === item.id);
    if (previous && same(item, previous)) continue;
    const line = remainderOf(item, now, 1);
    if (line) lines.push(line);
  }
  return lines;
}

/** The unused (sign -1) or remaining (sign 1) part of an item's period from now, in cents. */
function remainderOf(item: StripeObject, now: number, sign: 1 | -1): InvoiceLine | null {
  const price = item.price as StripeObject;
  if ((price.recurring as { usage_type?: string } | null)?.usage_type === "metered") return null;
  const start = Number(item.current_period_start);
  const end = Number(item.current_period_end);
  const quantity = Number(item.quantity ?? 1);
  const full = Number(price.unit_amount ?? 0) * quantity;
  const amount = Math.round((full * Math.max(0, end - now)) / Math.max(1, end - start));
  if (amount === 0) return null;
  return {
    amount: sign * amount,
    description: `${sign < 0 ? "Unused" : "Remaining"} time on ${quantity} × ${String(price.lookup_key ?? price.id)}`,
    quantity,
    period: { start: now, end },
    price: price.id,
    subscriptionItem: item.id,
    proration: true,
  };
}

function addPendingItem(store: StripeStore, subscription: StripeObject, line: InvoiceLine): void {
  store.put({
    id: store.newId("ii"),
    object: "invoiceitem",
    customer: String(subscription.customer),
    subscription: subscription.id,
    amount: line.amount,
    currency: "usd",
    description: line.description,
    quantity: line.quantity,
    period: line.period,
    proration: true,
    invoice: null,
    date: store.now(),
    livemode: false,
  });
}
