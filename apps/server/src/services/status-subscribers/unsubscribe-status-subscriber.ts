import { storeOrExplain } from "../storage-error.ts";
import {
  type StatusSubscriberContext,
  type SubscriptionPage,
  subscriberOfToken,
} from "./subscriber-links.ts";

/**
 * What an unsubscribe link leads to: a link not valid, or the subscriber's page. A genuine link
 * of a subscriber the account removed has no page: that address gets no mail either way.
 */
export type StatusUnsubscribeOutcome =
  | { outcome: "invalid-link" }
  | { outcome: "subscribed" | "unsubscribed"; page: SubscriptionPage | undefined };

/** Where a genuine unsubscribe link stands, without changing anything (the page asks first). */
export async function unsubscribeLinkPage(
  ctx: StatusSubscriberContext,
  token: string,
): Promise<StatusUnsubscribeOutcome> {
  const holder = await subscriberOfToken(ctx, token, "unsubscribe");
  if (!holder.genuine) return { outcome: "invalid-link" };
  const subscriber = holder.subscriber;
  if (!subscriber) return { outcome: "unsubscribed", page: undefined };
  const outcome = subscriber.status === "unsubscribed" ? "unsubscribed" : "subscribed";
  return { outcome, page: subscriber.page };
}

/**
 * Unsubscribes the subscriber a genuine unsubscribe link names. Unsubscribing twice, or after
 * the account removed the address, is harmless and answers the same.
 */
export async function unsubscribeStatusSubscriber(
  ctx: StatusSubscriberContext,
  token: string,
): Promise<StatusUnsubscribeOutcome> {
  return storeOrExplain("your request", async () => {
    const holder = await subscriberOfToken(ctx, token, "unsubscribe");
    if (!holder.genuine) return { outcome: "invalid-link" };
    const subscriber = holder.subscriber;
    if (!subscriber) return { outcome: "unsubscribed", page: undefined };
    const now = ctx.now();
    await ctx.db
      .updateTable("status_subscribers")
      .set({ status: "unsubscribed", unsubscribed_at: now, updated_at: now })
      .where("id", "=", subscriber.id)
      .where("status", "!=", "unsubscribed")
      .execute();
    return { outcome: "unsubscribed", page: subscriber.page };
  });
}
