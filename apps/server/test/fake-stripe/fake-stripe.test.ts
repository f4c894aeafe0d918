import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePriceCatalogue, type PriceCatalogue } from "../../src/billing/price-catalogue.ts";
import { STRIPE_API_VERSION } from "../../src/billing/stripe-client.ts";
import { startFakeStripe, TEST_STRIPE_KEY } from "../billing.ts";
import type { FakeStripe } from "./fake-stripe.ts";
import { signatureHeader } from "./webhook-sender.ts";

describe("the fake Stripe account", () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  let prices: PriceCatalogue;
  const price = (key: string) => prices.get(key) ?? "";
  beforeAll(async () => {
    ({ fake, stripe } = await startFakeStripe());
    prices = await ensurePriceCatalogue(stripe);
  });
  afterAll(async () => {
    await fake.close();
  });

  const raw = (path: string, headers: Record<string, string>, init: RequestInit = {}) =>
    fetch(`${fake.url}${path}`, { ...init, headers });

  it("refuses requests without the secret key or an API version, in Stripe's error shape", async () => {
    const anonymous = await raw("/v1/customers", { "stripe-version": STRIPE_API_VERSION });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.type).toBe("invalid_request_error");
    const unversioned = await raw("/v1/customers/cus_x", {
      authorization: `Bearer ${TEST_STRIPE_KEY}`,
    });
    expect(unversioned.status).toBe(400);
    expect((await unversioned.json()).error.code).toBe("api_version_invalid");
  });

  it("answers an unknown address 404 in Stripe's error shape", async () => {
    const response = await raw("/v1/payouts", {
      authorization: `Bearer ${TEST_STRIPE_KEY}`,
      "stripe-version": STRIPE_API_VERSION,
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        type: "invalid_request_error",
        message:
          "Unrecognized request URL (GET: /v1/payouts). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.",
      },
    });
  });

  it("returns the same object for a repeated idempotency key, and refuses the key with other parameters", async () => {
    const first = await stripe.customers.create(
      { email: "a@example.com" },
      { idempotencyKey: "k1" },
    );
    const again = await stripe.customers.create(
      { email: "a@example.com" },
      { idempotencyKey: "k1" },
    );
    expect(again.id).toBe(first.id);
    await expect(
      stripe.customers.create({ email: "b@example.com" }, { idempotencyKey: "k1" }),
    ).rejects.toMatchObject({ type: "StripeIdempotencyError" });
  });

  it("refuses a form body that is not form-encoded", async () => {
    const response = await raw(
      "/v1/customers",
      {
        authorization: `Bearer ${TEST_STRIPE_KEY}`,
        "stripe-version": STRIPE_API_VERSION,
        "content-type": "application/json",
      },
      { method: "POST", body: JSON.stringify({ email: "c@example.com" }) },
    );
    expect(response.status).toBe(400);
  });

  it("serves a Checkout page whose Pay button completes the session and returns to the success URL", async () => {
    const customer = await stripe.customers.create({});
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: price("upwatch_hobby_monthly"), quantity: 1 }],
      success_url: "http://127.0.0.1/done?session={CHECKOUT_SESSION_ID}",
    });
    const page = await fetch(session.url ?? "");
    expect(await page.text()).toContain("1 × upwatch_hobby_monthly");
    const paid = await fetch(session.url ?? "", { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://127.0.0.1/done?session=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: "complete", payment_status: "paid" });
    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data.map((invoice) => [invoice.status, invoice.amount_paid])).toEqual([
      ["paid", 800],
    ]);
  });

  it("previews an upgrade's proration, charges it at once when asked, and refunds a payment", async () => {
    const { subscription } = await subscribe("upwatch_hobby_monthly");
    const item = subscription.items.data[0]?.id ?? "";
    const change = {
      items: [{ id: item, price: price("upwatch_business_monthly") }],
      proration_behavior: "always_invoice" as const,
    };
    const preview = await stripe.invoices.createPreview({
      customer: String(subscription.customer),
      subscription: subscription.id,
      subscription_details: change,
    });
    expect(preview.amount_due).toBe(2400 - 800);
    await stripe.subscriptions.update(subscription.id, change);
    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data.map((invoice) => invoice.amount_paid)).toEqual([1600, 800]);
    const payment = (invoices.data[1]?.payments?.data[0]?.payment.payment_intent ?? "") as string;
    const refund = await stripe.refunds.create({ payment_intent: payment });
    expect(refund).toMatchObject({ amount: 800, status: "succeeded" });
    await expect(stripe.refunds.create({ payment_intent: payment })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
    });
  });

  it("bills quantities and invoice items on the next invoice, and ends a subscription set to cancel at its period's end", async () => {
    const { subscription } = await subscribe("upwatch_business_yearly");
    const customer = String(subscription.customer);
    await stripe.subscriptions.update(subscription.id, {
      items: [{ price: price("upwatch_extra_agent_yearly"), quantity: 3 }],
      proration_behavior: "none",
    });
    await stripe.invoiceItems.create({
      customer,
      amount: 150,
      currency: "usd",
      description: "SMS",
    });
    fake.endPeriod(subscription.id);
    const renewal = (await stripe.invoices.list({ subscription: subscription.id })).data[0];
    expect(renewal?.amount_paid).toBe(24000 + 3 * 2000 + 150);
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    fake.endPeriod(subscription.id);
    expect(fake.lastEvent("customer.subscription.deleted").data.object.id).toBe(subscription.id);
    const portal = await stripe.billingPortal.sessions.create({
      customer,
      return_url: "http://127.0.0.1/app",
    });
    expect(portal.url).toContain(fake.url);
  });

  it("lists a customer's subscriptions newest first in pages the package follows, canceled ones only when asked", async () => {
    const customer = await stripe.customers.create({});
    const ids: string[] = [];
    for (const key of [
      "upwatch_hobby_monthly",
      "upwatch_business_monthly",
      "upwatch_hobby_yearly",
    ]) {
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        customer: customer.id,
        line_items: [{ price: price(key), quantity: 1 }],
        success_url: "http://127.0.0.1/done",
      });
      ids.push(String(fake.completeCheckout(session.id).subscription.id));
    }
    await stripe.subscriptions.cancel(ids[0] ?? "");
    const page = await stripe.subscriptions.list({
      customer: customer.id,
      status: "all",
      limit: 2,
    });
    expect(page.data.map((subscription) => subscription.id)).toEqual([ids[2], ids[1]]);
    expect(page.has_more).toBe(true);
    const all = await stripe.subscriptions
      .list({ customer: customer.id, status: "all", limit: 1 })
      .autoPagingToArray({ limit: 10 });
    expect(all.map((subscription) => subscription.id)).toEqual([...ids].reverse());
    const open = await stripe.subscriptions.list({ customer: customer.id });
    expect(open.data.map((subscription) => subscription.id)).toEqual([ids[2], ids[1]]);
    const paid = await stripe.invoices.list({ subscription: ids[0], status: "paid" });
    expect(paid.data).toHaveLength(1);
    await expect(stripe.subscriptions.list({ customer: "cus_nobody" })).rejects.toMatchObject({
      code: "resource_missing",
    });
  });

  it("invoices pending items on a one-off invoice, or only the items added to a draft, then finalizes and pays it", async () => {
    const customer = await stripe.customers.create({});
    await stripe.invoiceItems.create({ customer: customer.id, amount: 300, currency: "usd" });
    const swept = await stripe.invoices.create({
      customer: customer.id,
      pending_invoice_items_behavior: "include",
    });
    expect(swept).toMatchObject({ status: "draft", total: 300, amount_due: 300 });
    await stripe.invoiceItems.create({ customer: customer.id, amount: 50, currency: "usd" });
    const draft = await stripe.invoices.create({
      customer: customer.id,
      collection_method: "charge_automatically",
      auto_advance: false,
      metadata: { month: "2026-11" },
    });
    expect(draft).toMatchObject({ status: "draft", total: 0, metadata: { month: "2026-11" } });
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: draft.id,
      amount: 120,
      currency: "usd",
      description: "6 messages",
    });
    const open = await stripe.invoices.finalizeInvoice(draft.id ?? "", { auto_advance: true });
    expect(open).toMatchObject({ status: "open", total: 120, amount_due: 120, auto_advance: true });
    expect(open.lines.data.map((line) => line.description)).toEqual(["6 messages"]);
    await expect(stripe.invoices.finalizeInvoice(draft.id ?? "")).rejects.toMatchObject({
      code: "invoice_not_editable",
    });
    await expect(
      stripe.invoiceItems.create({
        customer: customer.id,
        invoice: draft.id,
        amount: 1,
        currency: "usd",
      }),
    ).rejects.toMatchObject({ param: "invoice" });
    const paid = await stripe.invoices.pay(draft.id ?? "");
    expect(paid).toMatchObject({ status: "paid", amount_paid: 120, amount_remaining: 0 });
    expect(fake.lastEvent("invoice.paid").data.object.id).toBe(draft.id);
    await expect(stripe.invoices.pay(draft.id ?? "")).rejects.toMatchObject({
      code: "invoice_already_paid",
    });
  });

  it("signs events as Stripe does, so the package verifies them", () => {
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "ping",
      data: { object: {} },
    });
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader(payload, "whsec_x", now);
    expect(header).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_x", timestamp: now }),
    );
    expect(stripe.webhooks.constructEvent(payload, header, "whsec_x").id).toBe("evt_1");
  });

  async function subscribe(lookupKey: string) {
    const customer = await stripe.customers.create({});
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: price(lookupKey), quantity: 1 }],
      success_url: "http://127.0.0.1/done",
    });
    const { subscription } = fake.completeCheckout(session.id);
    return { subscription: await stripe.subscriptions.retrieve(subscription.id) };
  }
});
