import type { ContactMessageInput } from "@upwatch/core";
import { contactNotificationMail } from "../../mail/messages/contact-notification.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";

export interface ContactSender {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/** Stores a contact message and, in the same transaction, the notification to the support inbox. */
export async function submitContactMessage(
  ctx: ServiceContext,
  input: ContactMessageInput,
  sender: ContactSender,
  supportEmail: string,
): Promise<{ id: string }> {
  const id = ctx.newId("msg");
  const createdAt = ctx.now();
  await storeOrExplain("your message", () =>
    ctx.transact(async (trx) => {
      await trx
        .insertInto("contact_messages")
        .values({
          id,
          name: input.name,
          email: input.email,
          subject: input.subject,
          message: input.message,
          ip: sender.ip ?? null,
          user_agent: sender.userAgent?.slice(0, 500) ?? null,
          created_at: createdAt,
        })
        .execute();
      await enqueueMail(
        trx,
        ctx,
        "contact-notification",
        contactNotificationMail(input, supportEmail, createdAt),
      );
    }),
  );
  return { id };
}
