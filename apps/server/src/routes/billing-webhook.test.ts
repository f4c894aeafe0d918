import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../test/app.ts";
import { type BilledServer, payCheckout, priceOf, startBilledServer } from "../../test/billing.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { registerUser } from "../../test/sessions.ts";

describeEachDatabase("the billing webhook", (db) => {
  let server: BilledServer;
  beforeAll(async () => {
    server = await startBilledServer(db());
  });
  afterAll(async () => {
    await server?.close();
  });

  const planOf = (accountId: string) => server.planOf(accountId);
  const subscriptionRow = (id: string) =>
    db()
      .handle.db.selectFrom("billing_subscriptions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("puts the account on the plan a paid checkout bought, and remembers its customer and subscription", async () => {
    const owner = await registerUser(server.app);
    const subscription = await payCheckout(server, owner.accountId, [
      { lookupKey: "upwatch_hobby_yearly" },
      { lookupKey: "upwatch_extra_monitor_yearly", quantity: 2 },
    ]);
    const deliveries = await server.fake.deliverPending();
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    expect(await planOf(owner.accountId)).toBe("hobby");
    const row = await subscriptionRow(subscription.id);
    expect(row).toMatchObject({
      account_id: owner.accountId,
      customer_id: subscription.customer,
      status: "active",
      plan: "hobby",
      price_id: priceOf(server, "upwatch_hobby_yearly"),
      interval: "year",
      extra_monitors: 2,
      extra_agents: 0,
      cancel_at_period_end: 0,
    });
    expect(Number(row.first_paid_at)).toBeGreaterThan(0);
    expect(Number(row.current_period_end)).toBe(
      (subscription.items.data[0]?.current_period_end ?? 0) * 1000,
    );
    const customer = await db()
      .handle.db.selectFrom("billing_customers")
      .selectAll()
      .where("account_id", "=", owner.accountId)
      .executeTakeFirstOrThrow();
    expect(customer.customer_id).toBe(subscription.customer);
  });

  it("applies an event delivered twice once, and answers the repeat with 200", async () => {
    const owner = await registerUser(server.app);
    await payCheckout(server, owner.accountId, [{ lookupKey: "upwatch_business_monthly" }]);
    await server.fake.deliverPending();
    const audit = () =>
      db()
        .handle.db.selectFrom("audit_events")
        .select("id")
        .where("account_id", "=", owner.accountId)
        .execute();
    const auditBefore = await audit();
    const again = await server.fake.deliver(server.fake.lastEvent("checkout.session.completed"));
    expect(again).toEqual({ status: 200, body: { received: true, outcome: "already-applied" } });
    expect(await planOf(owner.accountId)).toBe("business");
    expect(await audit()).toEqual(auditBefore);
  });

  it("does not let an older event undo a newer one when they arrive in reverse order", async () => {
    const owner = await registerUser(server.app);
    const bought = await payCheckout(server, owner.accountId, [
      { lookupKey: "upwatch_hobby_monthly" },
    ]);
    server.fake.store.advance(60);
    await server.stripe.subscriptions.update(bought.id, {
      items: [{ id: bought.items.data[0]?.id, price: priceOf(server, "upwatch_business_monthly") }],
      proration_behavior: "always_invoice",
    });
    const newest = server.fake.lastEvent("customer.subscription.updated");
    const deliveries = await server.fake.deliverPending("reversed");
    expect(deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    expect(await planOf(owner.accountId)).toBe("business");
    const row = await subscriptionRow(bought.id);
    expect(row).toMatchObject({ plan: "business", event_at: newest.created * 1000 });
    const firstInvoice = server.fake.store.events.find(
      (event) =>
        event.type === "invoice.paid" &&
        event.data.object.billing_reason === "subscription_create" &&
        event.data.object.customer === bought.customer,
    );
    expect(Number(row.first_paid_at)).toBe(Number(firstInvoice?.created) * 1000);
    const changes = await db()
      .handle.db.selectFrom("audit_events")
      .select(["actor_kind", "actor_label", "changes"])
      .where("account_id", "=", owner.accountId)
      .where("action", "=", "plan.changed")
      .execute();
    expect(changes).toEqual([
      {
        actor_kind: "system",
        actor_label: "Billing (Stripe)",
        changes: JSON.stringify({ plan: { before: "Free", after: "Business" } }),
      },
    ]);
  });

  it("returns the account to Free when its subscription is deleted", async () => {
    const owner = await registerUser(server.app);
    const bought = await payCheckout(server, owner.accountId, [
      { lookupKey: "upwatch_business_yearly" },
    ]);
    await server.fake.deliverPending();
    expect(await planOf(owner.accountId)).toBe("business");
    await server.stripe.subscriptions.cancel(bought.id);
    await server.fake.deliverPending();
    expect(await planOf(owner.accountId)).toBe("free");
    expect(await subscriptionRow(bought.id)).toMatchObject({
      status: "canceled",
      plan: "business",
    });
  });

  it("keeps the plan while a failed renewal is retried, and records the subscription as past due", async () => {
    const owner = await registerUser(server.app);
    const bought = await payCheckout(server, owner.accountId, [
      { lookupKey: "upwatch_hobby_monthly" },
    ]);
    await server.fake.deliverPending();
    server.fake.store.advance(40 * 86_400);
    server.fake.endPeriod(bought.id, { paid: false });
    const deliveries = await server.fake.deliverPending();
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(await planOf(owner.accountId)).toBe("hobby");
    expect(await subscriptionRow(bought.id)).toMatchObject({ status: "past_due" });
  });

  it("keeps no billing row of an account once the account is deleted", async () => {
    const owner = await registerUser(server.app);
    await payCheckout(server, owner.accountId, [{ lookupKey: "upwatch_hobby_monthly" }]);
    await server.fake.deliverPending();
    const response = await server.app.inject({
      method: "DELETE",
      url: "/api/v1/account",
      headers: owner.headers,
      payload: { confirm_email: owner.email },
    });
    expect(response.statusCode).toBe(204);
    const left = await Promise.all(
      (["billing_customers", "billing_subscriptions"] as const).map((table) =>
        db()
          .handle.db.selectFrom(table)
          .select("account_id")
          .where("account_id", "=", owner.accountId)
          .execute(),
      ),
    );
    expect(left).toEqual([[], []]);
  });

  it("refuses an event whose signature does not match, with a sentence, and applies nothing", async () => {
    const owner = await registerUser(server.app);
    await payCheckout(server, owner.accountId, [{ lookupKey: "upwatch_hobby_monthly" }]);
    const event = server.fake.lastEvent("customer.subscription.created");
    const forged = await server.fake.deliver(event, { secret: "whsec_someone_else" });
    expect(forged).toEqual({
      status: 400,
      body: { detail: "The event's signature does not match the webhook signing secret." },
    });
    const stale = await server.fake.deliver(event, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(stale).toEqual({
      status: 400,
      body: { detail: "The event was signed more than 5 minutes ago; it is refused as a replay." },
    });
    const unsigned = await fetch(server.fake.webhookUrl ?? "", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({
      detail: "The request has no Stripe-Signature header; only events Stripe signed are accepted.",
    });
    const recorded = await db()
      .handle.db.selectFrom("billing_events")
      .select("id")
      .where("id", "=", event.id)
      .executeTakeFirst();
    expect(recorded).toBeUndefined();
    expect(await planOf(owner.accountId)).toBe("free");
  });
});

describeEachDatabase("the billing webhook with billing off", (db) => {
  it("does not exist", async () => {
    const app = await buildTestApp(db());
    try {
      const response = await app.inject({
        method: "POST",
        url: "/api/v1/billing/webhook",
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
        payload: "{}",
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
