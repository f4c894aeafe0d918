import type { FastifyInstance } from "fastify";
import { applyBillingEvent } from "../billing/apply-billing-event.ts";
import { ensurePriceCatalogue } from "../billing/price-catalogue.ts";
import { createStripeClient } from "../billing/stripe-client.ts";
import { verifyWebhookEvent } from "../billing/verify-webhook-event.ts";
import type { Config } from "../config.ts";
import { billingWebhookRoutes } from "../routes/billing-webhook.ts";
import type { ServiceContext } from "../services/context.ts";
import { regionDirectory } from "../services/regions/region-directory.ts";

export interface BillingOptions {
  config: Config;
  ctx: ServiceContext;
}

/**
 * With Stripe set up: the prices the product sells, found or created in the operator's Stripe
 * account before the server starts, and the webhook endpoint that applies Stripe's events.
 * Without it nothing is added: plans change only by the operator's command.
 */
export async function registerBilling(
  app: FastifyInstance,
  options: BillingOptions,
): Promise<void> {
  const { config, ctx } = options;
  const billing = config.billing;
  if (!billing) return;
  const stripe = createStripeClient(billing);
  try {
    const catalogue = await ensurePriceCatalogue(stripe);
    app.log.info(
      { part: "billing", prices: catalogue.size },
      "the prices sold are set up in Stripe",
    );
  } catch (error) {
    throw new Error(
      `Billing could not set up the prices it sells in Stripe at ${billing.apiUrl}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const regions = regionDirectory(ctx, { localRegion: config.regions.localRegion });
  await app.register(billingWebhookRoutes, {
    verify: (request) =>
      verifyWebhookEvent(stripe, billing.webhookSecret, { ...request, receivedAt: ctx.now() }),
    apply: (event) =>
      applyBillingEvent({ ctx, stripe, defaultRegion: () => regions.defaultRegion() }, event),
  });
}
