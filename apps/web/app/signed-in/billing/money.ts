/** "$2.00" from whole US cents. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

export type BillingInterval = "month" | "year";

/** "a month" or "a year". */
export function perInterval(interval: BillingInterval): string {
  return interval === "month" ? "a month" : "a year";
}
