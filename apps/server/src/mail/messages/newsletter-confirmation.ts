import { PRODUCT_NAME } from "@upwatch/core";
import type { OutgoingMail } from "../outgoing-mail.ts";

export interface NewsletterLinks {
  confirmUrl: string;
  unsubscribeUrl: string;
}

/** Headers every newsletter mail carries so mail clients offer one-click unsubscribe. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The double opt-in mail: nothing is sent to the address until its owner confirms. */
export function newsletterConfirmationMail(email: string, links: NewsletterLinks): OutgoingMail {
  return {
    to: email,
    subject: `Confirm your subscription to the ${PRODUCT_NAME} newsletter`,
    text: [
      `Someone, hopefully you, asked to receive the ${PRODUCT_NAME} newsletter at this address.`,
      "",
      "Confirm your subscription:",
      links.confirmUrl,
      "",
      "If you did not ask for this, ignore this mail and you will hear nothing more from us.",
      `Unsubscribe at any time: ${links.unsubscribeUrl}`,
    ].join("\n"),
    headers: unsubscribeHeaders(links.unsubscribeUrl),
  };
}
