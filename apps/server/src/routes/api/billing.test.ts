import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { type BilledServer, startBilledServer } from "../../../test/billing.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { registerUser, type TestSession } from "../../../test/sessions.ts";
import { signedInMember } from "../../../test/team-members.ts";
import { endExpiredGrace } from "../../billing/end-expired-grace.ts";
import { GRACE_MS } from "../../billing/grace-period.ts";
import { createServiceContext } from "../../services/context.ts";

const DAY_MS = 86_400_000;

describeEachDatabase("the billing operations", (db) => {
  let server: BilledServer;
  beforeAll(async () => {
    server = await startBilledServer(db());
  });
  afterAll(async () => {
    await server?.close();
  });

  const call: BilledServer["call"] = (...args) => server.call(...args);
  const planOf = (accountId: string) => server.planOf(accountId);

  /** The owner buys through the API's Checkout and pays on the fake's page; events delivered. */
  async function buy(owner: TestSession, plan: "hobby" | "business", interval: "month" | "year") {
    const started = await call(owner, "POST", "/billing/checkout", { plan, interval });
    expect(started.statusCode, started.body).toBe(201);
    const sessionId = /\/checkout\/pay\/([^/?]+)/.exec(started.json().url)?.[1] ?? "";
    server.fake.completeCheckout(sessionId);
    await server.fake.deliverPending();
  }

  it("shows an account that pays for nothing, with the prices on offer in cents", async () => {
    const owner = await registerUser(server.app);
    const answer = await call(owner, "GET", "/billing");
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      plan: "free",
      status: "none",
      interval: null,
      refund: { open: false, until: null },
      prices: {
        currency: "usd",
        plans: { hobby: { month: 800, year: 8400 }, business: { month: 2400, year: 24000 } },
        extra_monitor: { month: 200, year: 2000 },
        status_page_add_ons: { lite: { month: 2900 }, pro: { month: 7900 } },
        sms_message: 20,
      },
    });
  });

  it("sells a plan through Checkout once paid, making the account's customer once", async () => {
    const owner = await registerUser(server.app);
    const first = await call(owner, "POST", "/billing/checkout", {
      plan: "hobby",
      interval: "year",
    });
    expect(first.statusCode).toBe(201);
    expect(await planOf(owner.accountId)).toBe("free");
    await buy(owner, "hobby", "year");
    const customers = await db()
      .handle.db.selectFrom("billing_customers")
      .selectAll()
      .where("account_id", "=", owner.accountId)
      .execute();
    expect(customers).toHaveLength(1);
    expect(await planOf(owner.accountId)).toBe("hobby");
    const billing = (await call(owner, "GET", "/billing")).json();
    expect(billing).toMatchObject({ plan: "hobby", interval: "year", status: "active" });
    expect(billing.refund.open).toBe(true);
    const again = await call(owner, "POST", "/billing/checkout", {
      plan: "business",
      interval: "year",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already pays for a plan/);
  });

  it("previews and applies an upgrade charged now, then refuses extra agents below Business", async () => {
    const owner = await registerUser(server.app);
    await buy(owner, "hobby", "month");
    const refused = await call(owner, "POST", "/billing/preview", { extra_agents: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      "Extra agents are sold on Business only; move to Business first.",
    );
    const preview = await call(owner, "POST", "/billing/preview", {
      plan: "business",
      extra_monitors: 2,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().currency).toBe("usd");
    expect(preview.json().amount_due_now).toBeGreaterThan(0);
    expect(preview.json().next_invoice_total).toBe(2400 + 2 * 200);
    const changed = await call(owner, "POST", "/billing/change", {
      plan: "business",
      extra_monitors: 2,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().extras).toEqual({ monitors: 2, agents: 0 });
    await server.fake.deliverPending();
    expect(await planOf(owner.accountId)).toBe("business");
    const more = await call(owner, "POST", "/billing/change", { extra_agents: 1 });
    expect(more.json().extras).toEqual({ monitors: 2, agents: 1 });
    const audit = await db()
      .handle.db.selectFrom("audit_events")
      .select("action")
      .where("account_id", "=", owner.accountId)
      .where("action", "like", "billing.%")
      .execute();
    expect(audit.map((row) => row.action)).toEqual(["billing.changed"]);
  });

  it("sells no status page add-on, saying why", async () => {
    const owner = await registerUser(server.app);
    await buy(owner, "business", "month");
    for (const path of ["/billing/preview", "/billing/change"]) {
      const refused = await call(owner, "POST", path, { status_page_add_on: "lite" });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(
        "Status page add-ons are not sold: the status pages a plan includes are all there is.",
      );
    }
  });

  it("credits a downgrade to the next invoices instead of charging now", async () => {
    const owner = await registerUser(server.app);
    await buy(owner, "business", "month");
    const preview = (await call(owner, "POST", "/billing/preview", { plan: "hobby" })).json();
    expect(preview.amount_due_now).toBe(0);
    expect(preview.credit).toBeGreaterThan(0);
    const changed = await call(owner, "POST", "/billing/change", { plan: "hobby" });
    expect(changed.statusCode, changed.body).toBe(200);
    await server.fake.deliverPending();
    expect(await planOf(owner.accountId)).toBe("hobby");
  });

  it("cancels at the period's end and undoes it", async () => {
    const owner = await registerUser(server.app);
    await buy(owner, "hobby", "month");
    const undoNothing = await call(owner, "POST", "/billing/resume");
    expect(undoNothing.statusCode).toBe(409);
    const cancelled = await call(owner, "POST", "/billing/cancel");
    expect(cancelled.json()).toMatchObject({ status: "cancelling", plan: "hobby" });
    await server.fake.deliverPending();
    expect((await call(owner, "GET", "/billing")).json().status).toBe("cancelling");
    const resumed = await call(owner, "POST", "/billing/resume");
    expect(resumed.json().status).toBe("active");
  });

  it("lists invoices with Stripe's hosted links and opens the customer portal", async () => {
    const owner = await registerUser(server.app);
    const none = await call(owner, "GET", "/billing/invoices");
    expect(none.json()).toEqual({ data: [] });
    const noCard = await call(owner, "POST", "/billing/portal");
    expect(noCard.statusCode).toBe(409);
    await buy(owner, "hobby", "year");
    const invoices = (await call(owner, "GET", "/billing/invoices")).json().data;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: "paid", total: 8400, currency: "usd" });
    expect(invoices[0].hosted_invoice_url).toContain(server.fake.url);
    const portal = await call(owner, "POST", "/billing/portal");
    expect(portal.statusCode).toBe(201);
    expect(portal.json().url).toContain("/portal/");
  });

  it("refunds the first payment within 30 days and returns the account to Free through the plan-change rules", async () => {
    const owner = await registerUser(server.app);
    await buy(owner, "hobby", "year");
    const monitor = await call(owner, "POST", "/monitors", {
      type: "http",
      name: "Shop",
      target: "https://shop.example.com/",
      interval_seconds: 60,
    });
    expect(monitor.statusCode, monitor.body).toBe(201);
    const refunded = await call(owner, "POST", "/billing/refund");
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ plan: "free", status: "none" });
    expect(server.fake.store.list("refund").at(-1)).toMatchObject({ amount: 8400 });
    const notice = (await call(owner, "GET", "/account/plan-change")).json().notice;
    expect(notice).toMatchObject({ from_plan: "hobby", to_plan: "free" });
    expect(notice.changes.length).toBeGreaterThan(0);
    await server.fake.deliverPending();
    expect(await planOf(owner.accountId)).toBe("free");
  });

  it("refuses a refund asked for after 30 days, saying until when it was possible", async () => {
    const owner = await registerUser(server.app);
    await buy(owner, "hobby", "month");
    const paidAt = Date.now() - 31 * DAY_MS;
    await db()
      .handle.db.updateTable("billing_subscriptions")
      .set({ first_paid_at: paidAt })
      .where("account_id", "=", owner.accountId)
      .execute();
    const refused = await call(owner, "POST", "/billing/refund");
    expect(refused.statusCode).toBe(409);
    const day = new Date(paidAt + 30 * DAY_MS).toISOString().slice(0, 10);
    expect(refused.json().detail).toBe(
      `The 30-day money-back period ended on ${day}; a refund was possible until then.`,
    );
    expect(await planOf(owner.accountId)).toBe("hobby");
  });

  it("refuses a member without the billing permission with a sentence", async () => {
    const owner = await registerUser(server.app);
    const member = await signedInMember(server.app, db(), owner.accountId, "member");
    const refused = await call(member, "GET", "/billing");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(
      /^Your role \(Member\) does not allow you to see and change the plan/,
    );
  });

  it("mails the owner of a failed payment, keeps the plan through the grace, then moves to Free until paid", async () => {
    const owner = await registerUser(server.app);
    await buy(owner, "hobby", "month");
    const subscription = await db()
      .handle.db.selectFrom("billing_subscriptions")
      .select("id")
      .where("account_id", "=", owner.accountId)
      .executeTakeFirstOrThrow();
    server.fake.store.advance(31 * 86_400);
    server.fake.endPeriod(subscription.id, { paid: false });
    await server.fake.deliverPending();
    const mails = await db()
      .handle.db.selectFrom("outbox")
      .select(["recipient", "kind"])
      .where("kind", "=", "billing-payment-failed")
      .where("recipient", "=", owner.email)
      .execute();
    expect(mails).toHaveLength(1);
    const billing = (await call(owner, "GET", "/billing")).json();
    expect(billing.status).toBe("past_due");
    expect(billing.grace_ends_at).not.toBeNull();
    expect(await planOf(owner.accountId)).toBe("hobby");
    await db()
      .handle.db.updateTable("billing_subscriptions")
      .set({ payment_failed_at: Date.now() - GRACE_MS - 1000 })
      .where("id", "=", subscription.id)
      .execute();
    await endExpiredGrace(createServiceContext(db().handle.db, TEST_SECRETS), "eu");
    expect(await planOf(owner.accountId)).toBe("free");
    server.fake.endPeriod(subscription.id, { paid: true });
    await server.fake.deliverPending();
    expect(await planOf(owner.accountId)).toBe("hobby");
  });
});

describeEachDatabase("the billing operations with billing off", (db) => {
  it("answer 409 with a sentence naming set-plan", async () => {
    const app = await buildTestApp(db());
    try {
      const owner = await registerUser(app);
      const answer = await app.inject({
        method: "GET",
        url: "/api/v1/billing",
        headers: owner.headers,
      });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().detail).toBe(
        "Billing is not set up on this server; the operator sets plans with set-plan.",
      );
    } finally {
      await app.close();
    }
  });
});
