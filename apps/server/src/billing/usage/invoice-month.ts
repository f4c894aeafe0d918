import type Stripe from "stripe";
import type { UsageMonth } from "./usage-month.ts";

/** The SMS messages of one account in one month, and the customer who pays for them. */
export interface MonthUsage {
  accountId: string;
  customerId: string;
  month: UsageMonth;
  messages: number;
  /** What the messages cost when they were sent, together. */
  amountCents: number;
}

/**
 * The finalized invoice that charges one account-month of SMS to the customer's card: found
 * again by its metadata when an earlier run got this far, so a month is never invoiced twice.
 */
export async function invoiceMonth(stripe: Stripe, usage: MonthUsage): Promise<Stripe.Invoice> {
  const key = `sms-${usage.accountId}-${usage.month.key}`;
  const invoice =
    (await findMonthInvoice(stripe, usage)) ??
    (await stripe.invoices.create(
      {
        customer: usage.customerId,
        collection_method: "charge_automatically",
        // Left draft until its line is on it, so Stripe never finalizes it empty.
        auto_advance: false,
        pending_invoice_items_behavior: "exclude",
        currency: "usd",
        description: `SMS messages sent in ${usage.month.label}`,
        metadata: { account_id: usage.accountId, usage: "sms", usage_month: usage.month.key },
      },
      { idempotencyKey: `${key}-invoice` },
    ));
  if (invoice.status !== "draft") return invoice;
  if (invoice.lines.data.length === 0) {
    await stripe.invoiceItems.create(
      {
        customer: usage.customerId,
        invoice: invoice.id,
        amount: usage.amountCents,
        currency: "usd",
        description: `${usage.messages} SMS ${usage.messages === 1 ? "message" : "messages"} sent in ${usage.month.label}`,
        metadata: { account_id: usage.accountId, usage_month: usage.month.key },
      },
      { idempotencyKey: `${key}-item` },
    );
  }
  return stripe.invoices.finalizeInvoice(invoice.id ?? "", { auto_advance: true });
}

async function findMonthInvoice(stripe: Stripe, usage: MonthUsage): Promise<Stripe.Invoice | null> {
  for await (const invoice of stripe.invoices.list({ customer: usage.customerId, limit: 100 })) {
    const metadata = invoice.metadata ?? {};
    if (
      metadata.usage === "sms" &&
      metadata.usage_month === usage.month.key &&
      metadata.account_id === usage.accountId &&
      invoice.status !== "void"
    ) {
      return invoice;
    }
  }
  return null;
}
