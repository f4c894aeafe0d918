import type { AlertSeverity } from "./alert-types.ts";

const DAY_MS = 86_400_000;

/** Days before expiry at which a certificate raises an alert, most urgent first. */
export const SSL_EXPIRY_THRESHOLDS = [7, 14, 30] as const;
export type SslExpiryThreshold = (typeof SSL_EXPIRY_THRESHOLDS)[number];

/** Whole days from `now` until `validTo` (negative once expired). */
export function certificateDaysLeft(validTo: number, now: number): number {
  return Math.floor((validTo - now) / DAY_MS);
}

/** The threshold a certificate with `daysLeft` has reached, or null while it has over 30 days. */
export function sslExpiryThreshold(daysLeft: number): SslExpiryThreshold | null {
  return SSL_EXPIRY_THRESHOLDS.find((days) => daysLeft <= days) ?? null;
}

/** Warnings at 30 and 14 days; the 7-day alert is critical. */
export function sslExpirySeverity(threshold: SslExpiryThreshold): AlertSeverity {
  return threshold === 7 ? "critical" : "warning";
}

/**
 * Whether reaching `threshold` raises a new alert for a certificate that already raised the
 * `raised` thresholds: each is raised once, and never after a more urgent one.
 */
export function raisesSslAlert(
  raised: readonly SslExpiryThreshold[],
  threshold: SslExpiryThreshold,
): boolean {
  return !raised.some((days) => days <= threshold);
}
