import { storeOrExplain } from "../storage-error.ts";
import { type StatusSubscriberContext, subscriberOfToken } from "./subscriber-links.ts";

export type StatusConfirmOutcome =
  | { outcome: "confirmed"; pageName: string }
  | { outcome: "unsubscribed"; pageName: string }
  | { outcome: "invalid-link" };

/** Confirms the subscriber a genuine confirm link of this page names. Confirming twice is harmless. */
export async function confirmStatusSubscription(
  ctx: StatusSubscriberContext,
  slug: string,
  token: string,
): Promise<StatusConfirmOutcome> {
  return storeOrExplain("your confirmation", async () => {
    const subscriber = await subscriberOfToken(ctx, slug, token, "confirm");
    if (!subscriber) return { outcome: "invalid-link" };
    const pageName = subscriber.page_name;
    if (subscriber.status === "unsubscribed") return { outcome: "unsubscribed", pageName };
    if (subscriber.status === "pending") {
      const now = ctx.now();
      await ctx.db
        .updateTable("status_subscribers")
        .set({ status: "confirmed", confirmed_at: now, updated_at: now })
        .where("id", "=", subscriber.id)
        .where("status", "=", "pending")
        .execute();
    }
    return { outcome: "confirmed", pageName };
  });
}
