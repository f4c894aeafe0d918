import type { ServiceContext } from "../services/context.ts";
import { ARRANGED_PLANS } from "./arranged-plans.ts";
import { followSubscriptions } from "./follow-subscriptions.ts";
import { GRACE_MS, UNPAID_STATUSES } from "./grace-period.ts";

/**
 * Moves to Free, through the plan-change rules, every account whose payment is still owed when
 * its grace period ends; paying later gives the plan back when Stripe's `invoice.paid` arrives.
 * Answers how many accounts were looked at.
 */
export async function endExpiredGrace(ctx: ServiceContext, defaultRegion: string): Promise<number> {
  const rows = await ctx.db
    .selectFrom("billing_subscriptions")
    .innerJoin("accounts", "accounts.id", "billing_subscriptions.account_id")
    .select("billing_subscriptions.account_id")
    .distinct()
    .where("billing_subscriptions.status", "in", UNPAID_STATUSES)
    .where("billing_subscriptions.payment_failed_at", "<=", ctx.now() - GRACE_MS)
    .where("accounts.plan", "not in", ["free", ...ARRANGED_PLANS])
    .execute();
  for (const row of rows) {
    await ctx.db
      .transaction()
      .execute((trx) => followSubscriptions(trx, ctx, row.account_id, defaultRegion));
  }
  return rows.length;
}
