import Stripe from "stripe";
import type { BillingConfig } from "../config.ts";

/** The Stripe API version every request and every webhook event is read in. */
export const STRIPE_API_VERSION = "2026-10-28.endive";

/**
 * The Stripe client for the operator's account. An `apiUrl` other than Stripe's own points the
 * package's host, port and protocol at it (a staging proxy, or a fake in tests).
 */
export function createStripeClient(config: BillingConfig): Stripe {
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
    telemetry: false,
  });
}
