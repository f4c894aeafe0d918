import type Stripe from "stripe";
import type { ServiceContext } from "../../services/context.ts";
import { ServiceError } from "../../services/service-error.ts";
import type { PriceCatalogue } from "../price-catalogue.ts";

/** What the customer's billing verbs are given: storage, Stripe, the prices sold and the app. */
export interface BillingDeps {
  ctx: ServiceContext;
  stripe: Stripe;
  /** The Stripe price ids of the offers, set up now if they are not yet. */
  prices: () => Promise<PriceCatalogue>;
  /** Where the signed-in app lives, for the addresses Stripe sends the browser back to. */
  appUrl: string;
  /** The region plans without a choice of region run from, for monitors a plan change moves. */
  defaultRegion: () => Promise<string>;
}

/** The answer of every billing operation while the server takes no payments. */
export const BILLING_OFF =
  "Billing is not set up on this server; the operator sets plans with set-plan.";

export function billingOff(): ServiceError {
  return new ServiceError("conflict", BILLING_OFF);
}

/** The Stripe price id of an offer, by its lookup key. */
export function priceId(prices: PriceCatalogue, lookupKey: string): string {
  const id = prices.get(lookupKey);
  if (!id)
    throw new ServiceError(
      "unavailable",
      "The prices sold are not set up in Stripe yet; try again in a minute.",
    );
  return id;
}
