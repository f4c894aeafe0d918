import type { StripeObject, StripeStore } from "./stripe-store.ts";

/** One line of an invoice: a period of an item, a proration, or a pending invoice item. */
export interface InvoiceLine {
  amount: number;
  description: string;
  quantity: number;
  period: { start: number; end: number };
  price: string | null;
  subscriptionItem: string | null;
  proration: boolean;
}

/** The lines that bill one period of each licensed item of a subscription. */
export function periodLines(store: StripeStore, subscription: StripeObject): InvoiceLine[] {
  return itemsOf(subscription).flatMap((item) => {
    const price = item.price as StripeObject;
    const recurring = price.recurring as { usage_type: string; interval: string } | null;
    if (recurring?.usage_type === "metered") return [];
    const quantity = Number(item.quantity ?? 1);
    return [
      {
        amount: Number(price.unit_amount ?? 0) * quantity,
        description: `${quantity} × ${productName(store, price)} (per ${recurring?.interval ?? "once"})`,
        quantity,
        period: { start: Number(item.current_period_start), end: Number(item.current_period_end) },
        price: price.id,
        subscriptionItem: item.id,
        proration: false,
      },
    ];
  });
}

/** The subscription's items as stored. */
export function itemsOf(subscription: StripeObject): StripeObject[] {
  return (subscription.items as { data: StripeObject[] }).data;
}

function productName(store: StripeStore, price: StripeObject): string {
  const product = store.kind("product").get(String(price.product));
  return String(product?.name ?? price.product);
}

/** Invoice items waiting for the customer's next invoice. */
export function pendingLines(store: StripeStore, customer: string): InvoiceLine[] {
  const pending = store
    .list("invoiceitem")
    .filter((item) => item.customer === customer && item.invoice === null);
  return pending.map((item) => ({
    amount: Number(item.amount),
    description: String(item.description ?? "Invoice item"),
    quantity: Number(item.quantity ?? 1),
    period: item.period as { start: number; end: number },
    price: null,
    subscriptionItem: null,
    proration: Boolean(item.proration),
  }));
}

/** An invoice object, not stored: previews are built by the same hand as real invoices. */
export function invoiceObject(
  store: StripeStore,
  options: {
    id: string;
    customer: string;
    subscription: string | null;
    lines: InvoiceLine[];
    reason: string;
    status: "draft" | "open" | "paid";
    baseUrl: string;
  },
): StripeObject {
  const total = options.lines.reduce((sum, line) => sum + line.amount, 0);
  const due = Math.max(0, total);
  const paid = options.status === "paid";
  const now = store.now();
  const paymentIntent = paid && due > 0 ? store.newId("pi") : null;
  return {
    id: options.id,
    object: "invoice",
    customer: options.customer,
    status: options.status,
    currency: "usd",
    billing_reason: options.reason,
    subtotal: total,
    total,
    amount_due: due,
    amount_paid: paid ? due : 0,
    amount_remaining: paid ? 0 : due,
    starting_balance: 0,
    created: now,
    period_start: Math.min(now, ...options.lines.map((line) => line.period.start)),
    period_end: Math.max(now, ...options.lines.map((line) => line.period.end)),
    hosted_invoice_url: `${options.baseUrl}/invoices/${options.id}`,
    invoice_pdf: `${options.baseUrl}/invoices/${options.id}/pdf`,
    parent: options.subscription
      ? {
          type: "subscription_details",
          quote_details: null,
          subscription_details: { subscription: options.subscription, metadata: {} },
        }
      : null,
    metadata: {},
    status_transitions: { finalized_at: now, paid_at: paid ? now : null },
    payments: {
      object: "list",
      has_more: false,
      data: paymentIntent
        ? [
            {
              id: store.newId("inpay"),
              object: "invoice_payment",
              amount_paid: due,
              status: "paid",
              payment: { type: "payment_intent", payment_intent: paymentIntent },
            },
          ]
        : [],
    },
    lines: {
      object: "list",
      has_more: false,
      data: options.lines.map((line) => lineObject(store, options.subscription, line)),
    },
    livemode: false,
  };
}

function lineObject(store: StripeStore, subscription: string | null, line: InvoiceLine) {
  return {
    id: store.newId("il"),
    object: "line_item",
    amount: line.amount,
    currency: "usd",
    description: line.description,
    quantity: line.quantity,
    period: line.period,
    pricing: line.price ? { type: "price_details", price_details: { price: line.price } } : null,
    parent: line.subscriptionItem
      ? {
          type: "subscription_item_details",
          subscription_item_details: {
            subscription,
            subscription_item: line.subscriptionItem,
            proration: line.proration,
          },
        }
      : null,
  };
}

/**
 * Makes, stores and announces an invoice: paid by the card on file (`invoice.paid`), or not
 * (`invoice.payment_failed`). Pending invoice items of the customer go on it.
 */
export function issueInvoice(
  store: StripeStore,
  baseUrl: string,
  options: {
    customer: string;
    subscription: string | null;
    lines: InvoiceLine[];
    reason: string;
    paid: boolean;
  },
): StripeObject {
  const lines = [...options.lines, ...pendingLines(store, options.customer)];
  const invoice = store.put(
    invoiceObject(store, {
      id: store.newId("in"),
      customer: options.customer,
      subscription: options.subscription,
      lines,
      reason: options.reason,
      status: options.paid ? "paid" : "open",
      baseUrl,
    }),
  );
  for (const item of store.list("invoiceitem")) {
    if (item.customer === options.customer && item.invoice === null) item.invoice = invoice.id;
  }
  store.emit(options.paid ? "invoice.paid" : "invoice.payment_failed", invoice);
  return invoice;
}
