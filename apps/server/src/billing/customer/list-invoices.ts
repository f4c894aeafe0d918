import type Stripe from "stripe";
import type { BillingDeps } from "./billing-deps.ts";
import { findCustomer } from "./live-subscription.ts";

const INVOICES_SHOWN = 100;

/** The account's invoices and receipts, newest first, as Stripe holds them; none before a purchase. */
export async function listInvoices(
  deps: BillingDeps,
  accountId: string,
): Promise<Stripe.Invoice[]> {
  const customer = await findCustomer(deps.ctx.db, accountId);
  if (!customer) return [];
  const page = await deps.stripe.invoices.list({ customer, limit: INVOICES_SHOWN });
  return page.data;
}
