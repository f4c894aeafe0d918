import { storeOrExplain } from "../storage-error.ts";
import type { NewsletterContext } from "./newsletter-context.ts";
import { readSubscriberToken } from "./signed-links.ts";

export type ConfirmOutcome = "confirmed" | "invalid-link" | "unsubscribed";

/** Confirms the address a genuine confirm link names. Confirming twice is harmless. */
export async function confirmSubscription(
  ctx: NewsletterContext,
  token: string,
): Promise<ConfirmOutcome> {
  const id = readSubscriberToken(ctx.linkSecret, token, "confirm");
  if (!id) return "invalid-link";
  return storeOrExplain("your confirmation", async () => {
    const subscriber = await ctx.db
      .selectFrom("newsletter_subscribers")
      .select(["status"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!subscriber) return "invalid-link";
    if (subscriber.status === "unsubscribed") return "unsubscribed";
    if (subscriber.status === "pending") {
      const now = ctx.now();
      await ctx.db
        .updateTable("newsletter_subscribers")
        .set({ status: "confirmed", confirmed_at: now, updated_at: now })
        .where("id", "=", id)
        .execute();
    }
    return "confirmed";
  });
}
