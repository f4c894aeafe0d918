import type Stripe from "stripe";
import { OFFERS, type Offer, SMS_METER_EVENT } from "./offers.ts";

/** The Stripe price id of each offer, by lookup key. */
export type PriceCatalogue = ReadonlyMap<string, string>;

/** Stripe answers at most this many lookup keys in one list. */
const KEYS_PER_LIST = 10;

/**
 * Finds every price the product sells by its lookup key, and creates those missing (with their
 * product, and the SMS meter) from the plan definitions, so starting the server sets up the
 * operator's Stripe account. Creations carry idempotency keys: servers starting together make
 * each price once.
 */
export async function ensurePriceCatalogue(stripe: Stripe): Promise<PriceCatalogue> {
  const found = new Map<string, string>();
  for (let start = 0; start < OFFERS.length; start += KEYS_PER_LIST) {
    const keys = OFFERS.slice(start, start + KEYS_PER_LIST).map((offer) => offer.lookupKey);
    const prices = await stripe.prices.list({ lookup_keys: keys, active: true, limit: 100 });
    for (const price of prices.data) {
      if (price.lookup_key) found.set(price.lookup_key, price.id);
    }
  }
  for (const offer of OFFERS) {
    if (!found.has(offer.lookupKey)) found.set(offer.lookupKey, await createPrice(stripe, offer));
  }
  return found;
}

async function createPrice(stripe: Stripe, offer: Offer): Promise<string> {
  await ensureProduct(stripe, offer.product);
  const meter = offer.metered ? await ensureSmsMeter(stripe) : undefined;
  const price = await stripe.prices.create(
    {
      product: offer.product.id,
      currency: "usd",
      unit_amount: offer.unitAmount,
      lookup_key: offer.lookupKey,
      recurring: {
        interval: offer.interval,
        ...(meter ? { usage_type: "metered" as const, meter } : {}),
      },
    },
    { idempotencyKey: `price-${offer.lookupKey}-${offer.unitAmount}` },
  );
  return price.id;
}

async function ensureProduct(stripe: Stripe, product: Offer["product"]): Promise<void> {
  try {
    await stripe.products.retrieve(product.id);
  } catch (error) {
    if ((error as { code?: string }).code !== "resource_missing") throw error;
    await stripe.products.create(
      { id: product.id, name: product.name },
      { idempotencyKey: `product-${product.id}` },
    );
  }
}

async function ensureSmsMeter(stripe: Stripe): Promise<string> {
  const meters = await stripe.billing.meters.list({ status: "active", limit: 100 });
  const existing = meters.data.find((meter) => meter.event_name === SMS_METER_EVENT);
  if (existing) return existing.id;
  const meter = await stripe.billing.meters.create(
    {
      display_name: "SMS messages",
      event_name: SMS_METER_EVENT,
      default_aggregation: { formula: "sum" },
    },
    { idempotencyKey: `meter-${SMS_METER_EVENT}` },
  );
  return meter.id;
}
