import type Stripe from "stripe";
import type { ServiceContext } from "../../services/context.ts";
import { invoiceMonth, type MonthUsage } from "./invoice-month.ts";
import { monthOf } from "./usage-month.ts";

const SMS_ITEM = "sms";
/**
 * A month is billed once it has been over this long: a charge is recorded with the time its
 * message was sent, seconds before it is stored, so none can still arrive for a month billed.
 */
export const USAGE_SETTLE_MS = 3_600_000;

/**
 * Bills the SMS messages of every closed month not billed yet, one invoice per account and
 * month charged to its Stripe customer's card, then marks the messages billed. Messages sent
 * before the account had a customer (a plan set by the operator) are never billed through
 * Stripe. Answers how many account-months were billed.
 */
export async function billSmsUsage(ctx: ServiceContext, stripe: Stripe): Promise<number> {
  const before = monthOf(ctx.now() - USAGE_SETTLE_MS).start;
  const accounts = await ctx.db
    .selectFrom("usage_charges")
    .innerJoin("billing_customers", "billing_customers.account_id", "usage_charges.account_id")
    .select([
      "usage_charges.account_id",
      "billing_customers.customer_id",
      "billing_customers.created_at",
    ])
    .distinct()
    .where("usage_charges.billed_at", "is", null)
    .whereRef("usage_charges.recorded_at", ">=", "billing_customers.created_at")
    .where("usage_charges.item", "=", SMS_ITEM)
    .where("usage_charges.recorded_at", "<", before)
    .execute();
  let billed = 0;
  for (const account of accounts) {
    const range = { since: Number(account.created_at), before };
    let usage = await oldestUnbilled(ctx, account.account_id, range);
    while (usage) {
      const invoice = await invoiceMonth(stripe, { ...usage, customerId: account.customer_id });
      await markBilled(ctx, usage, range.since, invoice.id);
      billed += 1;
      usage = await oldestUnbilled(ctx, account.account_id, range);
    }
  }
  return billed;
}

async function oldestUnbilled(
  ctx: ServiceContext,
  accountId: string,
  range: { since: number; before: number },
): Promise<Omit<MonthUsage, "customerId"> | null> {
  const unbilled = ctx.db
    .selectFrom("usage_charges")
    .where("account_id", "=", accountId)
    .where("item", "=", SMS_ITEM)
    .where("billed_at", "is", null)
    .where("recorded_at", ">=", range.since);
  const first = await unbilled
    .select((eb) => eb.fn.min("recorded_at").as("at"))
    .where("recorded_at", "<", range.before)
    .executeTakeFirst();
  if (first?.at === null || first?.at === undefined) return null;
  const month = monthOf(Number(first.at));
  const totals = await unbilled
    .select((eb) => [
      eb.fn.sum<number | string>("quantity").as("messages"),
      eb.fn.sum<number | string>("amount_cents").as("cents"),
    ])
    .where("recorded_at", ">=", month.start)
    .where("recorded_at", "<", month.end)
    .executeTakeFirstOrThrow();
  return {
    accountId,
    month,
    messages: Number(totals.messages),
    amountCents: Number(totals.cents),
  };
}

async function markBilled(
  ctx: ServiceContext,
  usage: Omit<MonthUsage, "customerId">,
  since: number,
  invoiceId: string,
): Promise<void> {
  await ctx.db
    .updateTable("usage_charges")
    .set({ billed_invoice_id: invoiceId, billed_at: ctx.now() })
    .where("account_id", "=", usage.accountId)
    .where("item", "=", SMS_ITEM)
    .where("billed_at", "is", null)
    .where("recorded_at", ">=", Math.max(since, usage.month.start))
    .where("recorded_at", "<", usage.month.end)
    .execute();
}
