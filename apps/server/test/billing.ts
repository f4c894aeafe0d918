import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type Stripe from "stripe";
import { ensurePriceCatalogue, type PriceCatalogue } from "../src/billing/price-catalogue.ts";
import { createStripeClient } from "../src/billing/stripe-client.ts";
import { buildTestApp } from "./app.ts";
import type { TestDatabase } from "./databases.ts";
import { FakeStripe } from "./fake-stripe/fake-stripe.ts";

export const TEST_STRIPE_KEY = "sk_test_fake_key";
export const TEST_WEBHOOK_SECRET = "whsec_fake_signing_secret";

/** A fake Stripe account on loopback, and the real `stripe` package pointed at it. */
export async function startFakeStripe(): Promise<{ fake: FakeStripe; stripe: Stripe }> {
  const fake = await FakeStripe.start({
    secretKey: TEST_STRIPE_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
  });
  const stripe = createStripeClient({
    secretKey: TEST_STRIPE_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
    apiUrl: fake.url,
  });
  return { fake, stripe };
}

/** The environment that turns billing on against the fake. */
export function billingEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: TEST_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  };
}

/** The server with billing on, listening on loopback where the fake sends its events. */
export interface BilledServer {
  app: FastifyInstance;
  fake: FakeStripe;
  stripe: Stripe;
  prices: PriceCatalogue;
  /** Calls `/api/v1<url>` as the signed-in person. */
  call(
    session: { headers: Record<string, string> },
    method: "GET" | "POST",
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
  /** The account's plan as stored. */
  planOf(accountId: string): Promise<string>;
  close(): Promise<void>;
}

export async function startBilledServer(database: TestDatabase): Promise<BilledServer> {
  const { fake, stripe } = await startFakeStripe();
  const app = await buildTestApp(database, { env: billingEnv(fake) });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  fake.webhookUrl = `${address}/api/v1/billing/webhook`;
  const prices = await ensurePriceCatalogue(stripe);
  return {
    app,
    fake,
    stripe,
    prices,
    call: (session, method, url, payload) =>
      app.inject({
        method,
        url: `/api/v1${url}`,
        headers: session.headers,
        ...(payload ? { payload } : {}),
      }),
    planOf: async (accountId) =>
      (
        await database.handle.db
          .selectFrom("accounts")
          .select("plan")
          .where("id", "=", accountId)
          .executeTakeFirstOrThrow()
      ).plan,
    close: async () => {
      await app.close();
      await fake.close();
    },
  };
}

/**
 * An account's owner buys through Checkout, as the product starts a purchase: a customer and a
 * session naming the account, paid on the fake's page. Events are left for the test to send.
 */
export async function payCheckout(
  server: BilledServer,
  accountId: string,
  items: { lookupKey: string; quantity?: number }[],
): Promise<Stripe.Subscription> {
  const customer = await server.stripe.customers.create({ metadata: { account_id: accountId } });
  const session = await server.stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    client_reference_id: accountId,
    subscription_data: { metadata: { account_id: accountId } },
    line_items: items.map((item) => ({
      price: priceOf(server, item.lookupKey),
      quantity: item.quantity ?? 1,
    })),
    success_url: "http://127.0.0.1/app/settings/plan?checkout={CHECKOUT_SESSION_ID}",
  });
  const { subscription } = server.fake.completeCheckout(session.id);
  return server.stripe.subscriptions.retrieve(subscription.id);
}

export function priceOf(server: BilledServer, lookupKey: string): string {
  const id = server.prices.get(lookupKey);
  if (!id) throw new Error(`No price with lookup key ${lookupKey}.`);
  return id;
}

/**
 * The owner buys a plan as the app does (`POST /billing/checkout`) and pays on the fake's page.
 * Stripe's events are left pending for the test to deliver, or to lose.
 */
export async function payThroughApp(
  server: BilledServer,
  owner: { headers: Record<string, string> },
  purchase: { plan: "hobby" | "business"; interval: "month" | "year" },
): Promise<string> {
  const started = await server.app.inject({
    method: "POST",
    url: "/api/v1/billing/checkout",
    headers: owner.headers,
    payload: purchase,
  });
  if (started.statusCode !== 201) throw new Error(`Checkout refused: ${started.body}`);
  const sessionId = /\/checkout\/pay\/([^/?]+)/.exec(started.json().url)?.[1] ?? "";
  return String(server.fake.completeCheckout(sessionId).subscription.id);
}
