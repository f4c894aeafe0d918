import { MONEY_BACK_DAYS, type PlanId } from "@upwatch/core";
import type { ServiceContext } from "../../services/context.ts";
import { graceEndOf, UNPAID_STATUSES } from "../grace-period.ts";
import type { BillingInterval, StatusPageAddOn } from "../offers.ts";
import type { SubscriptionFacts } from "../subscription-facts.ts";
import { findLiveSubscription } from "./live-subscription.ts";

/** Where the account's payments stand. */
export type BillingStatus = "none" | "active" | "past_due" | "cancelling";

/** The account's billing as its owner sees it. Times are epoch milliseconds. */
export interface BillingView {
  plan: PlanId;
  interval: BillingInterval | null;
  status: BillingStatus;
  graceEndsAt: number | null;
  currentPeriodEnd: number | null;
  extraMonitors: number;
  extraAgents: number;
  statusPageAddOn: StatusPageAddOn | null;
  refundOpen: boolean;
  refundUntil: number | null;
}

export const MONEY_BACK_MS = MONEY_BACK_DAYS * 86_400_000;

/**
 * The account's billing from its newest subscription that still bills. `fresh` is that
 * subscription as Stripe answered a change just now, shown before Stripe's event applies it.
 */
export async function readBilling(
  ctx: ServiceContext,
  accountId: string,
  fresh?: SubscriptionFacts,
): Promise<BillingView> {
  const account = await ctx.db
    .selectFrom("accounts")
    .select("plan")
    .where("id", "=", accountId)
    .executeTakeFirstOrThrow();
  const row = await findLiveSubscription(ctx.db, accountId);
  const plan = account.plan as PlanId;
  if (!row) {
    return {
      plan,
      interval: null,
      status: "none",
      graceEndsAt: null,
      currentPeriodEnd: null,
      extraMonitors: 0,
      extraAgents: 0,
      statusPageAddOn: null,
      refundOpen: false,
      refundUntil: null,
    };
  }
  const status = fresh?.status ?? row.status;
  const failedAt = row.payment_failed_at == null ? null : Number(row.payment_failed_at);
  const owing = UNPAID_STATUSES.includes(status);
  const cancelling = fresh ? fresh.cancelAtPeriodEnd : row.cancel_at_period_end === 1;
  const periodEnd = fresh ? fresh.currentPeriodEnd : row.current_period_end;
  const refundUntil = row.first_paid_at == null ? null : Number(row.first_paid_at) + MONEY_BACK_MS;
  return {
    plan,
    interval: fresh?.interval ?? (row.interval as BillingInterval | null),
    status: owing ? "past_due" : cancelling ? "cancelling" : "active",
    graceEndsAt: owing ? graceEndOf(failedAt ?? ctx.now()) : null,
    currentPeriodEnd: periodEnd == null ? null : Number(periodEnd),
    extraMonitors: fresh?.extraMonitors ?? row.extra_monitors,
    extraAgents: fresh?.extraAgents ?? row.extra_agents,
    statusPageAddOn: fresh
      ? fresh.statusPageAddOn
      : (row.status_page_add_on as StatusPageAddOn | null),
    refundOpen: refundUntil !== null && ctx.now() < refundUntil,
    refundUntil,
  };
}
