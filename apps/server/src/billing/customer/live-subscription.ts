import type { BillingSubscriptionTable, Database } from "@upwatch/db";
import type { Kysely, Selectable } from "kysely";
import { ServiceError } from "../../services/service-error.ts";

/** Statuses of a subscription that still bills: paid, or a payment owed. */
export const LIVE_STATUSES: readonly string[] = ["active", "trialing", "past_due", "unpaid"];

export type SubscriptionRow = Selectable<BillingSubscriptionTable>;

/** The account's newest subscription that still bills, if any. */
export async function findLiveSubscription(
  db: Kysely<Database>,
  accountId: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom("billing_subscriptions")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("status", "in", LIVE_STATUSES)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** The account's subscription that still bills; refused with a sentence when it has none. */
export async function requireLiveSubscription(
  db: Kysely<Database>,
  accountId: string,
): Promise<SubscriptionRow> {
  const row = await findLiveSubscription(db, accountId);
  if (!row) {
    throw new ServiceError(
      "conflict",
      "The account pays for no plan; buy Hobby or Business through Checkout first.",
    );
  }
  return row;
}

/** The account's Stripe customer, if it has been given one. */
export async function findCustomer(
  db: Kysely<Database>,
  accountId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("billing_customers")
    .select("customer_id")
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return row?.customer_id;
}
