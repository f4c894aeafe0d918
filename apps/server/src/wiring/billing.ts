import type { FastifyInstance } from "fastify";
import { PeriodicTask } from "../background/periodic-task.ts";
import { applyBillingEvent } from "../billing/apply-billing-event.ts";
import type { BillingDeps } from "../billing/customer/billing-deps.ts";
import { endExpiredGrace } from "../billing/end-expired-grace.ts";
import { ensurePriceCatalogue, type PriceCatalogue } from "../billing/price-catalogue.ts";
import { keepSettingUpPrices } from "../billing/price-setup.ts";
import { createStripeClient } from "../billing/stripe-client.ts";
import { billSmsUsage } from "../billing/usage/bill-sms-usage.ts";
import { verifyWebhookEvent } from "../billing/verify-webhook-event.ts";
import { addClosingStep } from "../closing-steps.ts";
import type { Leadership } from "../cluster/leadership.ts";
import type { Config } from "../config.ts";
import { billingWebhookRoutes } from "../routes/billing-webhook.ts";
import type { ServiceContext } from "../services/context.ts";
import { regionDirectory } from "../services/regions/region-directory.ts";
import { absoluteAppUrl } from "./accounts.ts";

/** How often the leader looks for accounts whose grace after a failed payment has ended. */
const GRACE_CHECK_EVERY_MS = 3_600_000;
/** How often the leader looks for closed months of SMS not billed yet. */
const USAGE_BILLING_EVERY_MS = 3_600_000;

/**
 * What the billing operations and the webhook share when Stripe is set up: the client, and the
 * prices sold (found once, then remembered). Undefined when billing is off.
 */
export function prepareBilling(config: Config, ctx: ServiceContext): BillingDeps | undefined {
  if (!config.billing) return undefined;
  const stripe = createStripeClient(config.billing);
  let catalogue: PriceCatalogue | undefined;
  const regions = regionDirectory(ctx, { localRegion: config.regions.localRegion });
  return {
    ctx,
    stripe,
    prices: async () => {
      catalogue ??= await ensurePriceCatalogue(stripe);
      return catalogue;
    },
    appUrl: absoluteAppUrl(config),
    defaultRegion: () => regions.defaultRegion(),
  };
}

export interface BillingOptions {
  config: Config;
  billing: BillingDeps | undefined;
  leadership: Leadership;
  /** Whether background work starts (tests drive it by hand). */
  start: boolean;
  /** Mail was queued (an owner told of a failed payment): send it now. */
  mailQueued: () => void;
}

/**
 * With Stripe set up: the prices the product sells, found or created in the operator's Stripe
 * account (at start, and again every minute until Stripe answers), the webhook endpoint that
 * applies Stripe's events, and on the leader the hourly end of expired grace periods and the
 * hourly billing of closed months of SMS.
 * Without it nothing is added: plans change only by the operator's command.
 */
export async function registerBilling(
  app: FastifyInstance,
  options: BillingOptions,
): Promise<void> {
  const { config, billing } = options;
  if (!config.billing || !billing) return;
  const { ctx, stripe } = billing;
  const webhookSecret = config.billing.webhookSecret;
  const log = app.log.child({ part: "billing" });
  const prices = keepSettingUpPrices({
    setUp: async () => (await billing.prices()).size,
    succeeded: (count) => log.info({ prices: count }, "the prices sold are set up in Stripe"),
    failed: (error) =>
      log.error(
        { err: error },
        `billing could not set up the prices it sells in Stripe at ${config.billing?.apiUrl}; trying again in a minute`,
      ),
  });
  addClosingStep(app, "billing", () => prices.stop());
  await app.register(billingWebhookRoutes, {
    verify: (request) =>
      verifyWebhookEvent(stripe, webhookSecret, { ...request, receivedAt: ctx.now() }),
    apply: async (event) => {
      const outcome = await applyBillingEvent(
        { ctx, stripe, defaultRegion: billing.defaultRegion, appUrl: billing.appUrl },
        event,
      );
      if (outcome === "applied") options.mailQueued();
      return outcome;
    },
  });
  const grace = new PeriodicTask({
    everyMs: GRACE_CHECK_EVERY_MS,
    run: async () => {
      await endExpiredGrace(ctx, await billing.defaultRegion());
    },
    onError: (error) => log.warn({ err: error }, "ending expired grace periods failed"),
  });
  const usage = new PeriodicTask({
    everyMs: USAGE_BILLING_EVERY_MS,
    run: () => billSmsUsage(ctx, stripe),
    onError: (error) => log.warn({ err: error }, "billing SMS usage failed"),
  });
  if (!options.start) return;
  options.leadership.run({
    name: "billing grace periods",
    start: async () => grace.start(),
    stop: () => grace.stop(),
  });
  options.leadership.run({
    name: "billing SMS usage",
    start: async () => usage.start(),
    stop: () => usage.stop(),
  });
}
