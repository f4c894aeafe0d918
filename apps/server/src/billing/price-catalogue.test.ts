import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStripe } from "../../test/billing.ts";
import type { FakeStripe } from "../../test/fake-stripe/fake-stripe.ts";
import { OFFERS, SMS_METER_EVENT } from "./offers.ts";
import { ensurePriceCatalogue } from "./price-catalogue.ts";

describe("the price catalogue", () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  beforeAll(async () => {
    ({ fake, stripe } = await startFakeStripe());
  });
  afterAll(async () => {
    await fake.close();
  });

  it("creates every price the product sells, with its product, in cents", async () => {
    const catalogue = await ensurePriceCatalogue(stripe);
    expect([...catalogue.keys()].sort()).toEqual(OFFERS.map((offer) => offer.lookupKey).sort());
    const amounts = Object.fromEntries(
      fake.store.list("price").map((price) => [price.lookup_key, price.unit_amount]),
    );
    expect(amounts).toEqual({
      upwatch_hobby_monthly: 800,
      upwatch_hobby_yearly: 8400,
      upwatch_business_monthly: 2400,
      upwatch_business_yearly: 24000,
      upwatch_extra_monitor_monthly: 200,
      upwatch_extra_monitor_yearly: 2000,
      upwatch_extra_agent_monthly: 200,
      upwatch_extra_agent_yearly: 2000,
      upwatch_status_page_lite_monthly: 2900,
      upwatch_status_page_pro_monthly: 7900,
      upwatch_sms_message: 20,
    });
    const hobbyYearly = fake.store
      .list("price")
      .find((p) => p.lookup_key === "upwatch_hobby_yearly");
    expect(hobbyYearly).toMatchObject({ product: "upwatch_hobby", currency: "usd" });
    expect(hobbyYearly?.recurring).toMatchObject({ interval: "year", usage_type: "licensed" });
    const sms = fake.store.list("price").find((p) => p.lookup_key === "upwatch_sms_message");
    const [meter] = fake.store.list("billing.meter");
    expect(meter).toMatchObject({ event_name: SMS_METER_EVENT });
    expect(sms?.recurring).toMatchObject({
      interval: "month",
      usage_type: "metered",
      meter: meter?.id,
    });
    expect(fake.store.list("product")).toHaveLength(7);
  });

  it("reuses what exists on the next start and creates nothing", async () => {
    const before = await ensurePriceCatalogue(stripe);
    const counts = () =>
      ["price", "product", "billing.meter"].map((kind) => fake.store.list(kind).length);
    const created = counts();
    const again = await ensurePriceCatalogue(stripe);
    expect(again).toEqual(before);
    expect(counts()).toEqual(created);
  });

  it("creates only the prices that are missing, beside those the operator made", async () => {
    const other = await startFakeStripe();
    try {
      const product = await other.stripe.products.create({ id: "upwatch_hobby", name: "Hobby" });
      const own = await other.stripe.prices.create({
        product: product.id,
        currency: "usd",
        unit_amount: 800,
        lookup_key: "upwatch_hobby_monthly",
        recurring: { interval: "month" },
      });
      const catalogue = await ensurePriceCatalogue(other.stripe);
      expect(catalogue.get("upwatch_hobby_monthly")).toBe(own.id);
      expect(other.fake.store.list("price")).toHaveLength(OFFERS.length);
      expect(other.fake.store.list("product")).toHaveLength(7);
    } finally {
      await other.fake.close();
    }
  });
});
