import { PLAN_IDS } from "@upwatch/core";
import { z } from "zod";

const interval = z.enum(["month", "year"]);
const paidPlan = z.enum(["hobby", "business"]);
const addOn = z.enum(["lite", "pro"]);
const count = z.number().int().min(0).max(10_000);
const cents = z.number().int();
const perInterval = z.object({ month: cents, year: cents });

/** The account's billing as a settings screen shows it, with the prices on offer. */
export const billingResponse = z.object({
  plan: z.enum(PLAN_IDS),
  interval: interval.nullable(),
  status: z.enum(["none", "active", "past_due", "cancelling"]),
  /** While past due: when the account moves to Free unless the payment is made. */
  grace_ends_at: z.string().nullable(),
  current_period_end: z.string().nullable(),
  extras: z.object({ monitors: count, agents: count }),
  status_page_add_on: addOn.nullable(),
  refund: z.object({ open: z.boolean(), until: z.string().nullable() }),
  prices: z.object({
    currency: z.literal("usd"),
    plans: z.object({ hobby: perInterval, business: perInterval }),
    extra_monitor: perInterval,
    extra_agent: perInterval,
    status_page_add_ons: z.object({
      lite: z.object({ month: cents }),
      pro: z.object({ month: cents }),
    }),
    sms_message: cents,
  }),
});

export const checkoutBody = z.object({ plan: paidPlan, interval });

/** A URL of Stripe's to send the browser to (Checkout, or the customer portal). */
export const stripeRedirectResponse = z.object({ url: z.string() });

/** The subscription as it should be; a field left out stays as it is. */
export const billingChangeBody = z.object({
  plan: paidPlan.optional(),
  interval: interval.optional(),
  extra_monitors: count.optional(),
  extra_agents: count.optional(),
  status_page_add_on: addOn.nullable().optional(),
});

/** What a change costs, from Stripe's proration preview, in cents. */
export const billingPreviewResponse = z.object({
  currency: z.string(),
  amount_due_now: cents,
  credit: cents,
  next_invoice_total: cents,
});

export const invoiceListResponse = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      number: z.string().nullable(),
      status: z.string().nullable(),
      total: cents,
      amount_paid: cents,
      currency: z.string(),
      created_at: z.string(),
      hosted_invoice_url: z.string().nullable(),
      invoice_pdf: z.string().nullable(),
    }),
  ),
});

/** The billing answer as the web app reads it. */
export type BillingAnswer = z.output<typeof billingResponse>;
export type BillingPreviewAnswer = z.output<typeof billingPreviewResponse>;
export type InvoiceListAnswer = z.output<typeof invoiceListResponse>;
