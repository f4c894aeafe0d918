import type { InvoiceListAnswer } from "@upwatch/api";
import type Stripe from "stripe";

/** Stripe's invoices as the invoice list answers them, with Stripe's hosted links. */
export function presentInvoices(invoices: Stripe.Invoice[]): InvoiceListAnswer["data"] {
  return invoices.map((invoice) => ({
    id: invoice.id ?? "",
    number: invoice.number ?? null,
    status: invoice.status ?? null,
    total: invoice.total,
    amount_paid: invoice.amount_paid,
    currency: invoice.currency,
    created_at: new Date(invoice.created * 1000).toISOString(),
    hosted_invoice_url: invoice.hosted_invoice_url ?? null,
    invoice_pdf: invoice.invoice_pdf ?? null,
  }));
}
