import { storeOrExplain } from "../storage-error.ts";
import {
  type StatusSubscriberContext,
  type SubscriptionPage,
  subscriberOfToken,
} from "./subscriber-links.ts";

export type StatusConfirmOutcome =
  | { outcome: "confirmed"; page: SubscriptionPage }
  | { outcome: "unsubscribed"; page: SubscriptionPage }
  | { outcome: "invalid-link" };

/** Confirms the subscriber a genuine confirm link names. Confirming twice is harmless. */
export async function confirmStatusSubscription(
  ctx: StatusSubscriberContext,
  token: string,
): Promise<StatusConfirmOutcome> {
  return storeOrExplain("your confirmation", async () => {
    const holder = await subscriberOfToken(ctx, token, "confirm");
    const subscriber = holder.genuine ? holder.subscriber : undefined;
    if (!subscriber) return { outcome: "invalid-link" };
    const { page } = subscriber;
    if (subscriber.status === "unsubscribed") return { outcome: "unsubscribed", page };
    if (subscriber.status === "pending") {
      const now = ctx.now();
      await ctx.db
        .updateTable("status_subscribers")
        .set({ status: "confirmed", confirmed_at: now, updated_at: now })
        .where("id", "=", subscriber.id)
        .where("status", "=", "pending")
        .execute();
    }
    return { outcome: "confirmed", page };
  });
}
