import type { FastifyInstance } from "fastify";
import { applyBillingEvent } from "../billing/apply-billing-event.ts";
import { ensurePriceCatalogue } from "../billing/price-catalogue.ts";
import { keepSettingUpPrices } from "../billing/price-setup.ts";
import { createStripeClient } from "../billing/stripe-client.ts";
import { verifyWebhookEvent } from "../billing/verify-webhook-event.ts";
import { addClosingStep } from "../closing-steps.ts";
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
 * account (at start, and again every minute until Stripe answers), and the webhook endpoint
 * that applies Stripe's events.
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
  const log = app.log.child({ part: "billing" });
  const prices = keepSettingUpPrices({
    setUp: async () => (await ensurePriceCatalogue(stripe)).size,
    succeeded: (count) => log.info({ prices: count }, "the prices sold are set up in Stripe"),
    failed: (error) =>
      log.error(
        { err: error },
        `billing could not set up the prices it sells in Stripe at ${billing.apiUrl}; trying again in a minute`,
      ),
  });
  addClosingStep(app, "billing", () => prices.stop());
  const regions = regionDirectory(ctx, { localRegion: config.regions.localRegion });
  await app.register(billingWebhookRoutes, {
    verify: (request) =>
      verifyWebhookEvent(stripe, billing.webhookSecret, { ...request, receivedAt: ctx.now() }),
    apply: (event) =>
      applyBillingEvent({ ctx, stripe, defaultRegion: () => regions.defaultRegion() }, event),
  });
}
