import type Stripe from "stripe";
import type { ServiceContext } from "../services/context.ts";
import { subjectOf } from "./event-subject.ts";
import { followSubscriptions } from "./follow-subscriptions.ts";
import { mailPaymentFailed } from "./mail-payment-failed.ts";
import {
  accountOfSubscription,
  rememberCustomer,
  storeSubscription,
} from "./store-subscription.ts";
import { subscriptionFacts } from "./subscription-facts.ts";

export interface BillingEventDeps {
  ctx: ServiceContext;
  stripe: Stripe;
  /** The region plans without a choice of region run from, for monitors a plan change moves. */
  defaultRegion: () => Promise<string>;
  /** Where the signed-in app lives, for the links in the owner's mails. */
  appUrl: string;
}

/** What became of an event: applied now, applied before, or about nothing billing follows. */
export type BillingEventOutcome = "applied" | "already-applied" | "not-followed";

/**
 * Applies one verified Stripe event, once: its id is recorded in the transaction that applies
 * it. The subscription is read from Stripe as it is now, and stored unless a newer event was
 * applied already, so events arriving twice or out of order never move a plan backwards.
 */
export async function applyBillingEvent(
  deps: BillingEventDeps,
  event: Stripe.Event,
): Promise<BillingEventOutcome> {
  const { ctx } = deps;
  if (await eventApplied(deps, event.id)) return "already-applied";
  const subject = subjectOf(event);
  const facts = subject
    ? subscriptionFacts(await deps.stripe.subscriptions.retrieve(subject.subscriptionId))
    : null;
  const defaultRegion = facts ? await deps.defaultRegion() : "";
  return ctx.db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto("billing_events")
      .values({
        id: event.id,
        type: event.type,
        created_at: event.created * 1000,
        applied_at: ctx.now(),
      })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .executeTakeFirst();
    if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) return "already-applied";
    if (!subject || !facts) return "not-followed";
    const accountId = await accountOfSubscription(trx, facts, subject.accountHint);
    if (!accountId) return "not-followed";
    await rememberCustomer(trx, ctx, accountId, facts.customerId);
    await storeSubscription(trx, ctx, accountId, facts, {
      eventAt: event.created * 1000,
      paidAt: subject.paidAt,
    });
    await followSubscriptions(trx, ctx, accountId, defaultRegion);
    if (event.type === "invoice.payment_failed") {
      await mailPaymentFailed(trx, ctx, {
        accountId,
        subscriptionId: facts.id,
        eventId: event.id,
        appUrl: deps.appUrl,
      });
    }
    return "applied";
  });
}

async function eventApplied(deps: BillingEventDeps, id: string): Promise<boolean> {
  const row = await deps.ctx.db
    .selectFrom("billing_events")
    .select("id")
    .where("id", "=", id)
    .executeTakeFirst();
  return row !== undefined;
}
