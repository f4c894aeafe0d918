import { type ContactMessageInput, PRODUCT_NAME } from "@upwatch/core";
import type { OutgoingMail } from "../outgoing-mail.ts";

/** The mail the support inbox gets for a contact message; replying answers the sender. */
export function contactNotificationMail(
  input: ContactMessageInput,
  supportEmail: string,
  receivedAt: number,
): OutgoingMail {
  return {
    to: supportEmail,
    replyTo: `"${input.name.replace(/["\\]/g, "")}" <${input.email}>`,
    subject: `[${PRODUCT_NAME} contact] ${input.subject} from ${input.name}`,
    text: [
      `${input.name} <${input.email}> wrote through the contact form.`,
      `Subject: ${input.subject}`,
      `Received: ${new Date(receivedAt).toISOString()}`,
      "",
      input.message,
      "",
      "Reply to this mail to answer them directly.",
    ].join("\n"),
  };
}
