import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { startFakeStripe } from "../../../test/billing.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import type { FakeStripe } from "../../../test/fake-stripe/fake-stripe.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createServiceContext, type ServiceContext } from "../../services/context.ts";
import { billSmsUsage } from "./bill-sms-usage.ts";
import { invoiceMonth } from "./invoice-month.ts";
import { monthOf } from "./usage-month.ts";

const NOVEMBER_3 = Date.UTC(2026, 10, 3, 8);
const NOVEMBER_30_LATE = Date.UTC(2026, 10, 30, 23, 59, 30);
const DECEMBER_2 = Date.UTC(2026, 11, 2, 9);
const DECEMBER_2_LATER = Date.UTC(2026, 11, 2, 10);

describe("the month of a moment", () => {
  it("is the UTC calendar month, named and bounded", () => {
    expect(monthOf(NOVEMBER_30_LATE)).toEqual({
      key: "2026-11",
      start: Date.UTC(2026, 10, 1),
      end: Date.UTC(2026, 11, 1),
      label: "November 2026",
    });
  });
});

describeEachDatabase("billing SMS usage monthly", (db) => {
  let fake: FakeStripe;
  let stripe: Stripe;
  const clock = { now: NOVEMBER_3 };
  let ctx: ServiceContext;

  beforeAll(async () => {
    ({ fake, stripe } = await startFakeStripe());
    ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock.now });
  });
  afterAll(async () => {
    await fake.close();
  });

  async function payingAccount(since = Date.UTC(2026, 9, 1)) {
    const { accountId } = await createTestAccount(db(), "business", ctx);
    const customer = await stripe.customers.create({ metadata: { account_id: accountId } });
    await db()
      .handle.db.insertInto("billing_customers")
      .values({ account_id: accountId, customer_id: customer.id, created_at: since })
      .execute();
    return { accountId, customerId: customer.id };
  }

  async function sendSms(accountId: string, at: number, count: number, cents = 20) {
    for (let index = 0; index < count; index += 1) {
      await db()
        .handle.db.insertInto("usage_charges")
        .values({
          id: ctx.newId("chg"),
          account_id: accountId,
          item: "sms",
          quantity: 1,
          amount_cents: cents,
          reference: ctx.newId("ntf"),
          recorded_at: at,
        })
        .execute();
    }
  }

  async function invoicesOf(customerId: string): Promise<Stripe.Invoice[]> {
    return (await stripe.invoices.list({ customer: customerId })).data;
  }

  async function unbilled(accountId: string): Promise<number> {
    const rows = await db()
      .handle.db.selectFrom("usage_charges")
      .select("id")
      .where("account_id", "=", accountId)
      .where("billed_at", "is", null)
      .execute();
    return rows.length;
  }

  it("bills a closed month of messages on one invoice charged to the card, and its messages are marked billed", async () => {
    const { accountId, customerId } = await payingAccount();
    await sendSms(accountId, NOVEMBER_3, 4);
    await sendSms(accountId, NOVEMBER_30_LATE, 2, 25);
    clock.now = DECEMBER_2;

    expect(await billSmsUsage(ctx, stripe)).toBe(1);

    const [invoice, ...others] = await invoicesOf(customerId);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      status: "open",
      collection_method: "charge_automatically",
      auto_advance: true,
      total: 4 * 20 + 2 * 25,
      metadata: { account_id: accountId, usage: "sms", usage_month: "2026-11" },
    });
    expect(invoice?.lines.data.map((line) => [line.description, line.amount])).toEqual([
      ["6 SMS messages sent in November 2026", 130],
    ]);
    const [paid] = fake.collectOpenInvoices().filter((each) => each.customer === customerId);
    expect(paid).toMatchObject({ status: "paid", amount_paid: 130 });
    const rows = await db()
      .handle.db.selectFrom("usage_charges")
      .select(["billed_invoice_id", "billed_at"])
      .where("account_id", "=", accountId)
      .execute();
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.billed_invoice_id === invoice?.id)).toBe(true);
    expect(rows.every((row) => row.billed_at === DECEMBER_2)).toBe(true);
  });

  it("bills a month once when run twice, and leaves the messages of the current month for later", async () => {
    const { accountId, customerId } = await payingAccount();
    clock.now = NOVEMBER_3;
    await sendSms(accountId, NOVEMBER_3, 3);
    await sendSms(accountId, DECEMBER_2, 5);
    clock.now = DECEMBER_2_LATER;

    await billSmsUsage(ctx, stripe);
    await billSmsUsage(ctx, stripe);

    const invoices = await invoicesOf(customerId);
    expect(invoices.map((invoice) => invoice.total)).toEqual([60]);
    expect(await unbilled(accountId)).toBe(5);
  });

  it("waits an hour after a month ends before billing it", async () => {
    const { accountId, customerId } = await payingAccount();
    await sendSms(accountId, NOVEMBER_30_LATE, 1);
    clock.now = Date.UTC(2026, 11, 1, 0, 30);

    await billSmsUsage(ctx, stripe);

    expect(await invoicesOf(customerId)).toEqual([]);
    expect(await unbilled(accountId)).toBe(1);
  });

  it("does not bill an account without a Stripe customer", async () => {
    const { accountId } = await createTestAccount(db(), "business", ctx);
    await sendSms(accountId, NOVEMBER_3, 2);
    clock.now = DECEMBER_2;

    await billSmsUsage(ctx, stripe);

    const named = fake.store
      .list("invoice")
      .filter(
        (invoice) =>
          (invoice.metadata as { account_id?: string } | undefined)?.account_id === accountId,
      );
    expect(named).toEqual([]);
    expect(await unbilled(accountId)).toBe(2);
  });

  it("never bills through Stripe the messages sent before the account had a customer", async () => {
    const { accountId, customerId } = await payingAccount(Date.UTC(2026, 10, 20));
    await sendSms(accountId, NOVEMBER_3, 3);
    await sendSms(accountId, NOVEMBER_30_LATE, 1);
    clock.now = DECEMBER_2;

    await billSmsUsage(ctx, stripe);
    await billSmsUsage(ctx, stripe);

    expect((await invoicesOf(customerId)).map((invoice) => invoice.total)).toEqual([20]);
    expect(await unbilled(accountId)).toBe(3);
  });

  it("does not bill twice when Stripe billed the month and the messages were never marked", async () => {
    const { accountId, customerId } = await payingAccount();
    await sendSms(accountId, NOVEMBER_3, 7);
    clock.now = DECEMBER_2;
    const month = monthOf(NOVEMBER_3);
    const first = await invoiceMonth(stripe, {
      accountId,
      customerId,
      month,
      messages: 7,
      amountCents: 140,
    });

    await billSmsUsage(ctx, stripe);

    const invoices = await invoicesOf(customerId);
    expect(invoices.map((invoice) => [invoice.id, invoice.total])).toEqual([[first.id, 140]]);
    expect(await unbilled(accountId)).toBe(0);
  });

  it("finishes an invoice left as a draft without its line, adding the line once", async () => {
    const { accountId, customerId } = await payingAccount();
    await sendSms(accountId, NOVEMBER_3, 2);
    clock.now = DECEMBER_2;
    await stripe.invoices.create({
      customer: customerId,
      auto_advance: false,
      metadata: { account_id: accountId, usage: "sms", usage_month: "2026-11" },
    });

    await billSmsUsage(ctx, stripe);
    await billSmsUsage(ctx, stripe);

    const invoices = await invoicesOf(customerId);
    expect(
      invoices.map((invoice) => [invoice.status, invoice.total, invoice.lines.data.length]),
    ).toEqual([["open", 40, 1]]);
  });

  it("bills each closed month on its own invoice, oldest first", async () => {
    const { accountId, customerId } = await payingAccount();
    await sendSms(accountId, Date.UTC(2026, 9, 12), 1);
    await sendSms(accountId, NOVEMBER_3, 2);
    clock.now = DECEMBER_2;

    expect(await billSmsUsage(ctx, stripe)).toBe(2);

    const invoices = await invoicesOf(customerId);
    expect(invoices.map((invoice) => [invoice.metadata?.usage_month, invoice.total])).toEqual([
      ["2026-11", 40],
      ["2026-10", 20],
    ]);
  });
});
