import { afterAll, beforeAll, expect, it } from "vitest";
import { type BilledServer, payThroughApp, startBilledServer } from "../../../test/billing.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { registerUser } from "../../../test/sessions.ts";
import { createServiceContext } from "../../services/context.ts";
import { regionDirectory } from "../../services/regions/region-directory.ts";
import { reconcileBillingCommand } from "./billing.ts";

describeEachDatabase("the reconcile-billing admin command", (db) => {
  let server: BilledServer;
  beforeAll(async () => {
    server = await startBilledServer(db());
  });
  afterAll(async () => {
    await server?.close();
  });

  const context = () => createServiceContext(db().handle.db, TEST_SECRETS);
  const reconcile = () => {
    const ctx = context();
    const regions = regionDirectory(ctx, { localRegion: null });
    return reconcileBillingCommand(ctx, server.stripe, () => regions.defaultRegion());
  };
  const accountOf = (accountId: string) =>
    db()
      .handle.db.selectFrom("accounts")
      .select(["name", "plan"])
      .where("id", "=", accountId)
      .executeTakeFirstOrThrow();
  const planChangesOf = (accountId: string) =>
    db()
      .handle.db.selectFrom("audit_events")
      .select("id")
      .where("account_id", "=", accountId)
      .where("action", "=", "plan.changed")
      .execute();

  it("moves an account whose events were lost to the plan it paid for, and a second run changes nothing", async () => {
    const owner = await registerUser(server.app);
    const subscriptionId = await payThroughApp(server, owner, { plan: "hobby", interval: "year" });
    const lost = server.fake.pendingEvents();
    expect((await accountOf(owner.accountId)).plan).toBe("free");

    const first = await reconcile();
    const { name } = await accountOf(owner.accountId);
    expect(first).toEqual({
      text: `${owner.accountId}  ${name}: Free → Hobby\nReconciled 1 account with Stripe: 1 changed plan.\n`,
      ok: true,
    });
    expect((await accountOf(owner.accountId)).plan).toBe("hobby");
    const row = await db()
      .handle.db.selectFrom("billing_subscriptions")
      .selectAll()
      .where("id", "=", subscriptionId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account_id: owner.accountId, status: "active", plan: "hobby" });
    const firstInvoice = server.fake.store
      .list("invoice")
      .find((invoice) => invoice.billing_reason === "subscription_create");
    const transitions = firstInvoice?.status_transitions as { paid_at: number } | undefined;
    const paidAt = transitions?.paid_at ?? 0;
    expect(Number(row.first_paid_at)).toBe(paidAt * 1000);

    const second = await reconcile();
    expect(second.text).toBe("Reconciled 1 account with Stripe: 0 changed plan.\n");
    expect(await planChangesOf(owner.accountId)).toHaveLength(0);

    for (const event of lost) expect((await server.fake.deliver(event)).status).toBe(200);
    expect((await accountOf(owner.accountId)).plan).toBe("hobby");
  });

  it("returns to Free an account whose subscription was canceled in Stripe without an event", async () => {
    const owner = await registerUser(server.app);
    const subscriptionId = await payThroughApp(server, owner, {
      plan: "business",
      interval: "month",
    });
    await server.fake.deliverPending();
    expect((await accountOf(owner.accountId)).plan).toBe("business");
    await server.stripe.subscriptions.cancel(subscriptionId);

    const output = await reconcile();
    const { name } = await accountOf(owner.accountId);
    expect(output.text).toBe(
      `${owner.accountId}  ${name}: Business → Free\nReconciled 2 accounts with Stripe: 1 changed plan.\n`,
    );
    expect((await accountOf(owner.accountId)).plan).toBe("free");
    const row = await db()
      .handle.db.selectFrom("billing_subscriptions")
      .select("status")
      .where("id", "=", subscriptionId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("canceled");
    await server.fake.deliverPending();
    expect((await accountOf(owner.accountId)).plan).toBe("free");
  });

  it("names an account Stripe cannot answer for, reconciles the others and reports the failure", async () => {
    const owner = await registerUser(server.app);
    await db()
      .handle.db.insertInto("billing_customers")
      .values({ account_id: owner.accountId, customer_id: "cus_gone", created_at: Date.now() })
      .execute();
    const output = await reconcile();
    const { name } = await accountOf(owner.accountId);
    expect(output.ok).toBe(false);
    expect(output.text).toBe(
      [
        `${owner.accountId}  ${name}: not reconciled: No such customer: 'cus_gone'`,
        "Reconciled 3 accounts with Stripe: 0 changed plan, 1 could not be read from Stripe (run the command again).",
        "",
      ].join("\n"),
    );
  });

  it("refuses with a sentence while billing is off", async () => {
    await expect(reconcileBillingCommand(context(), undefined, async () => "")).rejects.toThrow(
      "Billing is not set up on this server (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are unset), so there is nothing to reconcile; plans are set with set-plan.",
    );
  });
});
