import type { NewsletterSubscriptionInput } from "@upwatch/core";
import { newsletterConfirmationMail } from "../../mail/messages/newsletter-confirmation.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { storeOrExplain } from "../storage-error.ts";
import { type NewsletterContext, subscriberLink } from "./newsletter-context.ts";

/** A pending address gets at most one confirmation mail in this period, however often it is entered. */
export const CONFIRMATION_RESEND_MS = 10 * 60_000;

export type SubscribeOutcome = "confirmation-sent" | "already-pending" | "already-confirmed";

/**
 * Records an address and sends the double opt-in mail. Subscribing again, in any letter case,
 * is not an error and never makes a second row.
 */
export async function subscribeToNewsletter(
  ctx: NewsletterContext,
  input: NewsletterSubscriptionInput,
): Promise<SubscribeOutcome> {
  const emailKey = input.email.toLowerCase();
  return storeOrExplain("your subscription", () =>
    ctx.transact(async (trx) => {
      const now = ctx.now();
      await trx
        .insertInto("newsletter_subscribers")
        .values({
          id: ctx.newId("sub"),
          email: input.email,
          email_key: emailKey,
          status: "pending",
          created_at: now,
          updated_at: now,
          confirmation_sent_at: null,
          confirmed_at: null,
          unsubscribed_at: null,
        })
        .onConflict((conflict) => conflict.column("email_key").doNothing())
        .execute();
      const subscriber = await trx
        .selectFrom("newsletter_subscribers")
        .selectAll()
        .where("email_key", "=", emailKey)
        .executeTakeFirstOrThrow();

      if (subscriber.status === "confirmed") return "already-confirmed";
      const sentRecently =
        subscriber.status === "pending" &&
        subscriber.confirmation_sent_at !== null &&
        now - subscriber.confirmation_sent_at < CONFIRMATION_RESEND_MS;
      if (sentRecently) return "already-pending";

      await trx
        .updateTable("newsletter_subscribers")
        .set({
          status: "pending",
          confirmation_sent_at: now,
          updated_at: now,
          unsubscribed_at: null,
        })
        .where("id", "=", subscriber.id)
        .execute();
      const mail = newsletterConfirmationMail(subscriber.email, {
        confirmUrl: subscriberLink(ctx, subscriber.id, "confirm"),
        unsubscribeUrl: subscriberLink(ctx, subscriber.id, "unsubscribe"),
      });
      await enqueueMail(trx, ctx, "newsletter-confirmation", mail);
      return "confirmation-sent";
    }),
  );
}
