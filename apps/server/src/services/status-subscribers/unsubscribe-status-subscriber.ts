import { storeOrExplain } from "../storage-error.ts";
import { type StatusSubscriberContext, subscriberOfToken } from "./subscriber-links.ts";

/** The page name an unsubscribe link of this page is for, or undefined for a link not valid. */
export async function unsubscribeLinkPage(
  ctx: StatusSubscriberContext,
  slug: string,
  token: string,
): Promise<string | undefined> {
  return (await subscriberOfToken(ctx, slug, token, "unsubscribe"))?.page_name;
}

/**
 * Unsubscribes the subscriber a genuine unsubscribe link of this page names; answers the page's
 * name, or undefined for a link not valid. Unsubscribing twice is harmless.
 */
export async function unsubscribeStatusSubscriber(
  ctx: StatusSubscriberContext,
  slug: string,
  token: string,
): Promise<string | undefined> {
  return storeOrExplain("your request", async () => {
    const subscriber = await subscriberOfToken(ctx, slug, token, "unsubscribe");
    if (!subscriber) return undefined;
    const now = ctx.now();
    await ctx.db
      .updateTable("status_subscribers")
      .set({ status: "unsubscribed", unsubscribed_at: now, updated_at: now })
      .where("id", "=", subscriber.id)
      .where("status", "!=", "unsubscribed")
      .execute();
    return subscriber.page_name;
  });
}
