import {
  getPlan,
  OVERAGE,
  PRODUCT_NAME,
  SMS_PRICE_USD,
  STATUS_PAGE_ADD_ONS,
  type StatusPageAddOn,
} from "@upwatch/core";

export type BillingInterval = "month" | "year";
export type PaidPlan = "hobby" | "business";
export type { StatusPageAddOn };

/** What one price sells. */
export type OfferItem =
  | { kind: "plan"; plan: PaidPlan }
  | { kind: "extra"; extra: "monitor" | "agent" }
  | { kind: "status-page"; addOn: StatusPageAddOn }
  | { kind: "sms" };

/** One price the product sells, found in Stripe by its lookup key. */
export interface Offer {
  lookupKey: string;
  item: OfferItem;
  /** The Stripe product it belongs to: its id is ours, so a restart finds it again. */
  product: { id: string; name: string };
  /** US cents per unit and interval. */
  unitAmount: number;
  interval: BillingInterval;
  /** Billed on what a meter counted in the period (SMS messages), not on a quantity. */
  metered: boolean;
}

/** The event name SMS messages are reported under, to the meter the SMS price bills. */
export const SMS_METER_EVENT = "upwatch_sms_message";

const cents = (dollars: number) => Math.round(dollars * 100);
const INTERVALS: [BillingInterval, "monthly" | "yearly"][] = [
  ["month", "monthly"],
  ["year", "yearly"],
];

function planOffers(plan: PaidPlan): Offer[] {
  const facts = getPlan(plan);
  const product = { id: `upwatch_${plan}`, name: `${PRODUCT_NAME} ${facts.name}` };
  return INTERVALS.map(([interval, word]) => ({
    lookupKey: `upwatch_${plan}_${word}`,
    item: { kind: "plan", plan },
    product,
    unitAmount: cents((interval === "month" ? facts.monthlyPrice : facts.yearlyPrice) ?? 0),
    interval,
    metered: false,
  }));
}

function extraOffers(extra: "monitor" | "agent"): Offer[] {
  const product = { id: `upwatch_extra_${extra}`, name: `Extra ${extra}` };
  return INTERVALS.map(([interval, word]) => ({
    lookupKey: `upwatch_extra_${extra}_${word}`,
    item: { kind: "extra", extra },
    product,
    unitAmount: cents(OVERAGE[extra][word]),
    interval,
    metered: false,
  }));
}

function statusPageOffer(addOn: StatusPageAddOn): Offer {
  const name = addOn === "lite" ? "Lite" : "Pro";
  return {
    lookupKey: `upwatch_status_page_${addOn}_monthly`,
    item: { kind: "status-page", addOn },
    product: { id: `upwatch_status_page_${addOn}`, name: `Status page add-on ${name}` },
    unitAmount: cents(STATUS_PAGE_ADD_ONS[addOn].monthly),
    interval: "month",
    metered: false,
  };
}

/** Every price the product sells. */
export const OFFERS: readonly Offer[] = [
  ...planOffers("hobby"),
  ...planOffers("business"),
  ...extraOffers("monitor"),
  ...extraOffers("agent"),
  statusPageOffer("lite"),
  statusPageOffer("pro"),
  {
    lookupKey: "upwatch_sms_message",
    item: { kind: "sms" },
    product: { id: "upwatch_sms", name: "SMS message" },
    unitAmount: cents(SMS_PRICE_USD),
    interval: "month",
    metered: true,
  },
];

/** The offer a price's lookup key names; undefined for prices the product does not sell. */
export function offerOf(lookupKey: string | null | undefined): Offer | undefined {
  return OFFERS.find((offer) => offer.lookupKey === lookupKey);
}
