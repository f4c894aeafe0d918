import type { BillingAnswer } from "@upwatch/api";
import type { BillingView } from "../billing/customer/read-billing.ts";
import { OFFERS } from "../billing/offers.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function unitAmount(lookupKey: string): number {
  return OFFERS.find((offer) => offer.lookupKey === lookupKey)?.unitAmount ?? 0;
}

const perInterval = (stem: string) => ({
  month: unitAmount(`${stem}_monthly`),
  year: unitAmount(`${stem}_yearly`),
});

/** The prices on offer in cents, as the billing answer carries them. */
function pricesOnOffer(): BillingAnswer["prices"] {
  return {
    currency: "usd",
    plans: { hobby: perInterval("upwatch_hobby"), business: perInterval("upwatch_business") },
    extra_monitor: perInterval("upwatch_extra_monitor"),
    extra_agent: perInterval("upwatch_extra_agent"),
    status_page_add_ons: {
      lite: { month: unitAmount("upwatch_status_page_lite_monthly") },
      pro: { month: unitAmount("upwatch_status_page_pro_monthly") },
    },
    sms_message: unitAmount("upwatch_sms_message"),
  };
}

/** The billing answer of the API: the account's billing and the prices on offer. */
export function presentBilling(view: BillingView): BillingAnswer {
  return {
    plan: view.plan,
    interval: view.interval,
    status: view.status,
    grace_ends_at: iso(view.graceEndsAt),
    current_period_end: iso(view.currentPeriodEnd),
    extras: { monitors: view.extraMonitors, agents: view.extraAgents },
    status_page_add_on: view.statusPageAddOn,
    refund: { open: view.refundOpen, until: iso(view.refundUntil) },
    prices: pricesOnOffer(),
  };
}
