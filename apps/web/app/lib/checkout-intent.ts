/** A paid plan chosen on the pricing page, carried through registration to Checkout. */
export interface CheckoutIntent {
  plan: "hobby" | "business";
  interval: "month" | "year";
}

const PLANS = new Set(["hobby", "business"]);
const INTERVALS = new Set(["month", "year"]);

/** The choice in an address's query (`?plan=hobby&interval=year`), or null without one. */
export function readCheckoutIntent(search: URLSearchParams): CheckoutIntent | null {
  const plan = search.get("plan") ?? "";
  const interval = search.get("interval") ?? "month";
  if (!PLANS.has(plan) || !INTERVALS.has(interval)) return null;
  return { plan, interval } as CheckoutIntent;
}

/** `path` with the choice in its query, or `path` alone without one. */
export function withCheckoutIntent(path: string, intent: CheckoutIntent | null): string {
  if (!intent) return path;
  return `${path}?${new URLSearchParams({ plan: intent.plan, interval: intent.interval })}`;
}
