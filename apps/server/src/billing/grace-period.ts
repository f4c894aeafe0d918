/** How long an account keeps its plan after a payment first fails, while Stripe retries it. */
export const GRACE_DAYS = 14;
export const GRACE_MS = GRACE_DAYS * 86_400_000;

/** Statuses in which a payment is owed: Stripe retries it, or gave up retrying. */
export const UNPAID_STATUSES: readonly string[] = ["past_due", "unpaid"];

/** When the grace of a payment that first failed at `failedAt` ends (epoch ms). */
export function graceEndOf(failedAt: number): number {
  return failedAt + GRACE_MS;
}
