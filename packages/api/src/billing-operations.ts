import type { ApiOperation } from "./api-operation.ts";
import {
  billingChangeBody,
  billingPreviewResponse,
  billingResponse,
  checkoutBody,
  invoiceListResponse,
  stripeRedirectResponse,
} from "./billing-schemas.ts";

const tag = "Billing";
const permission = "billing";
const off = "Billing is not set up on this server";

/** The customer's side of billing: the plan bought through Stripe, its extras, invoices, refund. */
export const BILLING_OPERATIONS = {
  getBilling: {
    method: "GET",
    url: "/billing",
    permission,
    summary:
      "The account's plan, interval, payment status, period end, extras, status page add-on, money-back window and the prices on offer (cents)",
    tag,
    status: 200,
    response: billingResponse,
    conflict: off,
  },
  startCheckout: {
    method: "POST",
    url: "/billing/checkout",
    permission,
    summary:
      "Start buying Hobby or Business, monthly or yearly, on Stripe Checkout; answers the URL to send the browser to. The plan applies once Stripe confirms the payment",
    tag,
    body: checkoutBody,
    status: 201,
    response: stripeRedirectResponse,
    conflict: `${off}, or the account already pays for a plan (change it instead)`,
  },
  previewBillingChange: {
    method: "POST",
    url: "/billing/preview",
    permission,
    summary:
      "What a change of plan, interval, extras or add-on costs, from Stripe's proration preview: due now, credit, next invoice (cents)",
    tag,
    body: billingChangeBody,
    status: 200,
    response: billingPreviewResponse,
    conflict: `${off}, the account pays for no plan, or the change is not allowed on the plan`,
  },
  changeBilling: {
    method: "POST",
    url: "/billing/change",
    permission,
    summary:
      "Change the plan, interval, extras or add-on: upgrades are charged the difference now, downgrades credited to the next invoices",
    tag,
    body: billingChangeBody,
    status: 200,
    response: billingResponse,
    conflict: `${off}, the account pays for no plan, or the change is not allowed on the plan`,
  },
  cancelBilling: {
    method: "POST",
    url: "/billing/cancel",
    permission,
    summary: "Cancel at the end of the period paid for; the plan stays until then",
    tag,
    status: 200,
    response: billingResponse,
    conflict: `${off}, or the account pays for no plan`,
  },
  resumeBilling: {
    method: "POST",
    url: "/billing/resume",
    permission,
    summary: "Undo a cancellation before the period ends",
    tag,
    status: 200,
    response: billingResponse,
    conflict: `${off}, or no cancellation is pending`,
  },
  listInvoices: {
    method: "GET",
    url: "/billing/invoices",
    permission,
    summary: "The account's invoices and receipts, newest first, with Stripe's hosted links",
    tag,
    status: 200,
    response: invoiceListResponse,
    conflict: off,
  },
  openBillingPortal: {
    method: "POST",
    url: "/billing/portal",
    permission,
    summary: "A Stripe customer portal session to manage the card; answers its URL",
    tag,
    status: 201,
    response: stripeRedirectResponse,
    conflict: `${off}, or the account has never paid`,
  },
  requestRefund: {
    method: "POST",
    url: "/billing/refund",
    permission,
    summary:
      "The 30-day money-back: refunds the first payment, ends the subscription now and returns the account to Free",
    tag,
    status: 200,
    response: billingResponse,
    conflict: `${off}, nothing was paid, or the 30 days after the first payment are over`,
  },
} as const satisfies Record<string, ApiOperation>;
