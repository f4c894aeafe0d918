import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { ServiceContext } from "../services/context.ts";
import { UNPAID_STATUSES } from "./grace-period.ts";
import type { SubscriptionFacts } from "./subscription-facts.ts";

/**
 * Stores a subscription as an event of `eventAt` (Stripe's creation time, epoch ms) found it.
 * An event older than the one already applied changes nothing but the first payment time,
 * which is the earliest payment whatever order the events came in.
 */
export async function storeSubscription(
  trx: Kysely<Database>,
  ctx: Pick<ServiceContext, "now">,
  accountId: string,
  facts: SubscriptionFacts,
  applied: { eventAt: number; paidAt: number | null },
): Promise<void> {
  const row = await trx
    .selectFrom("billing_subscriptions")
    .select(["event_at", "first_paid_at", "payment_failed_at"])
    .where("id", "=", facts.id)
    .executeTakeFirst();
  const stored = row?.first_paid_at == null ? null : Number(row.first_paid_at);
  const firstPaidAt = stored === null ? applied.paidAt : Math.min(stored, applied.paidAt ?? stored);
  if (row && applied.eventAt < Number(row.event_at)) {
    if (firstPaidAt !== stored) {
      await trx
        .updateTable("billing_subscriptions")
        .set({ first_paid_at: firstPaidAt })
        .where("id", "=", facts.id)
        .execute();
    }
    return;
  }
  const owing = UNPAID_STATUSES.includes(facts.status);
  const failedAt = row?.payment_failed_at == null ? null : Number(row.payment_failed_at);
  const values = {
    account_id: accountId,
    customer_id: facts.customerId,
    status: facts.status,
    plan: facts.plan,
    price_id: facts.priceId,
    interval: facts.interval,
    extra_monitors: facts.extraMonitors,
    extra_agents: facts.extraAgents,
    status_page_add_on: facts.statusPageAddOn,
    current_period_end: facts.currentPeriodEnd,
    cancel_at_period_end: facts.cancelAtPeriodEnd ? 1 : 0,
    first_paid_at: firstPaidAt,
    payment_failed_at: owing ? (failedAt ?? applied.eventAt) : null,
    event_at: applied.eventAt,
    updated_at: ctx.now(),
  };
  if (row) {
    await trx.updateTable("billing_subscriptions").set(values).where("id", "=", facts.id).execute();
  } else {
    await trx
      .insertInto("billing_subscriptions")
      .values({ id: facts.id, created_at: facts.createdAt, ...values })
      .execute();
  }
}

/** The account a subscription pays for: its known customer's, else the one its purchase named. */
export async function accountOfSubscription(
  trx: Kysely<Database>,
  facts: SubscriptionFacts,
  accountHint: string | null,
): Promise<string | null> {
  const known = await trx
    .selectFrom("billing_customers")
    .select("account_id")
    .where("customer_id", "=", facts.customerId)
    .executeTakeFirst();
  if (known) return known.account_id;
  for (const candidate of [facts.accountId, accountHint]) {
    if (!candidate) continue;
    const account = await trx
      .selectFrom("accounts")
      .select("id")
      .where("id", "=", candidate)
      .executeTakeFirst();
    if (account) return account.id;
  }
  return null;
}

/** Remembers the account's Stripe customer, the first one it paid through. */
export async function rememberCustomer(
  trx: Kysely<Database>,
  ctx: Pick<ServiceContext, "now">,
  accountId: string,
  customerId: string,
): Promise<void> {
  await trx
    .insertInto("billing_customers")
    .values({ account_id: accountId, customer_id: customerId, created_at: ctx.now() })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}
