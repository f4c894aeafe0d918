import { storeOrExplain } from "../storage-error.ts";
import type { NewsletterContext } from "./newsletter-context.ts";
import { readSubscriberToken } from "./signed-links.ts";

export type UnsubscribeOutcome = "unsubscribed" | "invalid-link";

/** Checks an unsubscribe link without changing anything (the page that asks "are you sure?"). */
export function isUnsubscribeLinkValid(ctx: NewsletterContext, token: string): boolean {
  return readSubscriberToken(ctx.linkSecret, token, "unsubscribe") !== undefined;
}

/** Unsubscribes the address a genuine unsubscribe link names. Unsubscribing twice is harmless. */
export async function unsubscribe(
  ctx: NewsletterContext,
  token: string,
): Promise<UnsubscribeOutcome> {
  const id = readSubscriberToken(ctx.linkSecret, token, "unsubscribe");
  if (!id) return "invalid-link";
  return storeOrExplain("your request", async () => {
    const now = ctx.now();
    const result = await ctx.db
      .updateTable("newsletter_subscribers")
      .set({ status: "unsubscribed", unsubscribed_at: now, updated_at: now })
      .where("id", "=", id)
      .where("status", "!=", "unsubscribed")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return "unsubscribed";
    const exists = await ctx.db
      .selectFrom("newsletter_subscribers")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst();
    return exists ? "unsubscribed" : "invalid-link";
  });
}
