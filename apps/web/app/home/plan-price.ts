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
