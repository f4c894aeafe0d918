import type { Plan } from "@upwatch/core";

export type BillingCycle = "monthly" | "yearly";

/** How one plan's price reads on the pricing card for a billing cycle. */
export interface PlanPrice {
  amount: string;
  /** Shown after the amount, such as "/month"; empty when the amount says it all. */
  per: string;
  note: string;
}

/** The price line of a plan card: free, custom, monthly, or yearly with its saving. */
export function planPrice(plan: Plan, cycle: BillingCycle): PlanPrice {
  if (plan.monthlyPrice === null) {
    return { amount: "Custom", per: "", note: "Priced for your fleet and your contract" };
  }
  if (plan.monthlyPrice === 0) {
    return { amount: "$0", per: "forever", note: "No credit card needed" };
  }
  if (cycle === "yearly" && plan.yearlyPrice !== null) {
    const saving = plan.yearlySavings ? `Save $${plan.yearlySavings} a year` : "Billed yearly";
    return { amount: `$${plan.yearlyPrice}`, per: "/year", note: saving };
  }
  return { amount: `$${plan.monthlyPrice}`, per: "/month", note: "Billed monthly, cancel anytime" };
}

/** The pricing section's name in the view-content event. */
export const PRICING_CONTENT = "pricing";

/** A plan's price for each billing cycle, so the page can switch without the framework. */
export type PlanPrices = Record<BillingCycle, PlanPrice>;

/** The attribute of a plan card that carries its `PlanPrices` as JSON. */
export const PRICES_ATTRIBUTE = "data-prices";

/** The price line of a plan for both billing cycles. */
export function planPrices(plan: Plan): PlanPrices {
  return { monthly: planPrice(plan, "monthly"), yearly: planPrice(plan, "yearly") };
}

/** "5 min", "1 min" or "30 sec": the shortest time between two checks. */
export function formatInterval(seconds: number): string {
  return seconds < 60 ? `${seconds} sec` : `${seconds / 60} min`;
}

/** A limit for the pricing card; `null` reads as unlimited. */
export function formatLimit(value: number | null): string {
  return value === null ? "Unlimited" : value.toLocaleString("en-US");
}

/** The largest yearly saving of any plan, for the Yearly toggle's hint. */
export function bestYearlySaving(plans: readonly Plan[]): number {
  return Math.max(0, ...plans.map((plan) => plan.yearlySavings ?? 0));
}
