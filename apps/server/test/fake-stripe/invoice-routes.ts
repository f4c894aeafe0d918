import { type InvoiceLine, invoiceObject, pendingLines } from "./fake-invoices.ts";
import { badParameter, StripeFakeError } from "./stripe-error.ts";
import type { FakeRoute } from "./stripe-http.ts";
import { flag, metadata, required, text, whole } from "./stripe-params.ts";
import type { StripeObject, StripeStore } from "./stripe-store.ts";

const COLLECTION = ["charge_automatically", "send_invoice"];

/**
 * Invoice items (pending, or added to a draft invoice) and one-off invoices: created as drafts
 * with the customer's pending items or without them, finalized, and paid by the card on file.
 */
export function invoiceRoutes(store: StripeStore, baseUrl: () => string): FakeRoute[] {
  return [
    { method: "POST", path: "/v1/invoiceitems", handle: ({ body }) => createItem(store, body) },
    {
      method: "POST",
      path: "/v1/invoices",
      handle: ({ body }) => createInvoice(store, baseUrl(), body),
    },
    {
      method: "POST",
      path: "/v1/invoices/:id/finalize",
      handle: ({ params, body }) => finalizeInvoice(store, params.id ?? "", body),
    },
    {
      method: "POST",
      path: "/v1/invoices/:id/pay",
      handle: ({ params }) => payInvoice(store, store.get("invoice", params.id ?? "")),
    },
  ];
}

function createItem(store: StripeStore, body: Record<string, unknown>): StripeObject {
  const customer = required(body, "customer");
  store.get("customer", customer);
  const amount = whole(body, "amount");
  if (amount === undefined) throw badParameter("amount", "Missing required param: amount.");
  const invoiceId = text(body, "invoice") ?? null;
  const invoice = invoiceId ? store.get("invoice", invoiceId) : null;
  if (invoice && invoice.customer !== customer) {
    throw badParameter("invoice", "The invoice belongs to another customer.");
  }
  if (invoice && invoice.status !== "draft") {
    throw badParameter("invoice", `Invoice ${invoiceId} is not a draft and cannot be changed.`);
  }
  const now = store.now();
  const item = store.put({
    id: store.newId("ii"),
    object: "invoiceitem",
    customer,
    subscription: text(body, "subscription") ?? null,
    amount,
    currency: required(body, "currency"),
    description: text(body, "description") ?? null,
    quantity: 1,
    period: { start: now, end: now },
    proration: false,
    invoice: invoiceId,
    metadata: metadata(body),
    date: now,
    livemode: false,
  });
  if (invoice) addLines(store, invoice, [lineOf(item)]);
  return item;
}

function createInvoice(
  store: StripeStore,
  baseUrl: string,
  body: Record<string, unknown>,
): StripeObject {
  const customer = required(body, "customer");
  store.get("customer", customer);
  const collection = text(body, "collection_method") ?? "charge_automatically";
  if (!COLLECTION.includes(collection)) {
    throw badParameter("collection_method", `Invalid collection_method: ${collection}`);
  }
  const pending = text(body, "pending_invoice_items_behavior") ?? "exclude";
  if (pending !== "include" && pending !== "exclude") {
    throw badParameter("pending_invoice_items_behavior", `Invalid value: ${pending}`);
  }
  const invoice = store.put({
    ...invoiceObject(store, {
      id: store.newId("in"),
      customer,
      subscription: null,
      lines: [],
      reason: "manual",
      status: "draft",
      baseUrl,
    }),
    collection_method: collection,
    auto_advance: flag(body, "auto_advance") ?? false,
    description: text(body, "description") ?? null,
    metadata: metadata(body),
    status_transitions: { finalized_at: null, paid_at: null },
  });
  if (pending === "include") {
    addLines(store, invoice, pendingLines(store, customer));
    for (const item of store.list("invoiceitem")) {
      if (item.customer === customer && item.invoice === null) item.invoice = invoice.id;
    }
  }
  store.emit("invoice.created", invoice);
  return invoice;
}

function finalizeInvoice(
  store: StripeStore,
  id: string,
  body: Record<string, unknown>,
): StripeObject {
  const invoice = store.get("invoice", id);
  if (invoice.status !== "draft") {
    throw new StripeFakeError(
      400,
      "This invoice is already finalized, you can't re-finalize a non-draft invoice.",
      {
        code: "invoice_not_editable",
      },
    );
  }
  const autoAdvance = flag(body, "auto_advance");
  if (autoAdvance !== undefined) invoice.auto_advance = autoAdvance;
  invoice.status = "open";
  invoice.status_transitions = { finalized_at: store.now(), paid_at: null };
  store.emit("invoice.finalized", invoice);
  if (Number(invoice.amount_due) === 0) return markPaid(store, invoice, null);
  return invoice;
}

/** Charges an open invoice to the customer's card, which the fake always accepts. */
export function payInvoice(store: StripeStore, invoice: StripeObject): StripeObject {
  if (invoice.status === "paid") {
    throw new StripeFakeError(400, "Invoice is already paid", { code: "invoice_already_paid" });
  }
  if (invoice.status !== "open") {
    throw new StripeFakeError(
      400,
      `You can only pay an open invoice; this one is ${String(invoice.status)}.`,
      {
        code: "invoice_not_open",
      },
    );
  }
  return markPaid(store, invoice, store.newId("pi"));
}

function markPaid(store: StripeStore, invoice: StripeObject, paymentIntent: string | null) {
  const due = Number(invoice.amount_due);
  const now = store.now();
  Object.assign(invoice, {
    status: "paid",
    amount_paid: due,
    amount_remaining: 0,
    status_transitions: { finalized_at: now, paid_at: now },
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
  });
  store.emit("invoice.paid", invoice);
  return invoice;
}

function lineOf(item: StripeObject): InvoiceLine {
  return {
    amount: Number(item.amount),
    description: String(item.description ?? "Invoice item"),
    quantity: Number(item.quantity ?? 1),
    period: item.period as { start: number; end: number },
    price: null,
    subscriptionItem: null,
    proration: Boolean(item.proration),
  };
}

function addLines(store: StripeStore, invoice: StripeObject, lines: InvoiceLine[]): void {
  const made = invoiceObject(store, {
    id: invoice.id,
    customer: String(invoice.customer),
    subscription: null,
    lines,
    reason: "manual",
    status: "draft",
    baseUrl: "",
  }).lines as { data: unknown[] };
  const current = invoice.lines as { data: unknown[] };
  current.data.push(...made.data);
  const added = lines.reduce((sum, line) => sum + line.amount, 0);
  const total = Number(invoice.total) + added;
  Object.assign(invoice, {
    subtotal: total,
    total,
    amount_due: Math.max(0, total),
    amount_remaining: Math.max(0, total),
  });
}
