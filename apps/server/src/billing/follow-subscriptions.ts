import { getPlan, type PlanId, withExtras } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { isPlanId } from "../services/accounts/create-account.ts";
import { moveAccountPlan } from "../services/accounts/set-account-plan.ts";
import type { AuditActor } from "../services/audit/record-audit-event.ts";
import type { ServiceContext } from "../services/context.ts";
import { isArrangedPlan } from "./arranged-plans.ts";
import { GRACE_MS } from "./grace-period.ts";
import { purchasedExtras } from "./purchased-extras.ts";
import { PLAN_GIVING_STATUSES } from "./subscription-facts.ts";

/** How the audit log names plan changes made as Stripe reports payments. */
export const BILLING_ACTOR: AuditActor = { kind: "system", label: "Billing (Stripe)" };

/**
 * Puts the account on the plan of its newest subscription that is paid, or whose failed payment
 * is still within its grace period, or on Free when it has none, through the plan-change rules.
 * Enterprise+ is the operator's to set.
 */
export async function followSubscriptions(
  trx: Kysely<Database>,
  ctx: ServiceContext,
  accountId: string,
  defaultRegion: string,
): Promise<void> {
  const account = await trx
    .selectFrom("accounts")
    .select(["name", "plan"])
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!account || !isPlanId(account.plan) || isArrangedPlan(account.plan)) return;
  const giving = await trx
    .selectFrom("billing_subscriptions")
    .select("plan")
    .where("account_id", "=", accountId)
    .where("status", "in", PLAN_GIVING_STATUSES)
    .where("plan", "is not", null)
    .where((eb) =>
      eb.or([
        eb("payment_failed_at", "is", null),
        eb("payment_failed_at", ">", ctx.now() - GRACE_MS),
      ]),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  const target: PlanId = giving?.plan && isPlanId(giving.plan) ? giving.plan : "free";
  if (target === account.plan) return;
  await moveAccountPlan(trx, ctx, {
    accountId,
    accountName: account.name,
    from: getPlan(account.plan),
    // A move down keeps as many monitors and agents active as the extras still paid for allow.
    to: withExtras(getPlan(target), await purchasedExtras(trx, accountId, ctx.now())),
    actor: BILLING_ACTOR,
    defaultRegion,
  });
}
