import { getPlan, type PlanId } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { paymentFailedMail } from "../mail/messages/payment-failed.ts";
import { enqueueMail } from "../mail/outbox.ts";
import type { ServiceContext } from "../services/context.ts";
import { graceEndOf } from "./grace-period.ts";

/** The outbox kind of the notice that a payment failed. */
export const PAYMENT_FAILED_MAIL_KIND = "billing-payment-failed";

/**
 * Tells the account's owner, through the outbox inside the caller's transaction, that a payment
 * failed and until when the plan is kept. One mail per failed invoice event.
 */
export async function mailPaymentFailed(
  trx: Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "newId">,
  notice: { accountId: string; subscriptionId: string; eventId: string; appUrl: string },
): Promise<void> {
  const owner = await trx
    .selectFrom("memberships")
    .innerJoin("users", "users.id", "memberships.user_id")
    .innerJoin("accounts", "accounts.id", "memberships.account_id")
    .select(["users.email", "accounts.name", "accounts.plan"])
    .where("memberships.account_id", "=", notice.accountId)
    .where("memberships.role", "=", "owner")
    .executeTakeFirst();
  const subscription = await trx
    .selectFrom("billing_subscriptions")
    .select(["payment_failed_at", "plan"])
    .where("id", "=", notice.subscriptionId)
    .executeTakeFirst();
  if (!owner || !subscription) return;
  const failedAt = Number(subscription.payment_failed_at ?? ctx.now());
  const plan = (subscription.plan ?? owner.plan) as PlanId;
  const mail = paymentFailedMail({
    email: owner.email,
    accountName: owner.name,
    planName: getPlan(plan).name,
    graceEndsOn: new Date(graceEndOf(failedAt)).toISOString().slice(0, 10),
    billingUrl: `${notice.appUrl}/settings`,
  });
  await enqueueMail(trx, ctx, PAYMENT_FAILED_MAIL_KIND, mail, `mail_${notice.eventId}`);
}
