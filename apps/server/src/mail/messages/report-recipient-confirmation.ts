import { PRODUCT_NAME } from "@upwatch/core";
import type { OutgoingMail } from "../outgoing-mail.ts";

/**
 * The one mail an address gets before it agrees to receive an account's monthly report. Like
 * the alert channel's, it carries no text the account chose, so it cannot carry a message.
 */
export function reportRecipientConfirmationMail(address: string, confirmUrl: string): OutgoingMail {
  return {
    to: address,
    subject: `Confirm that you want a monthly ${PRODUCT_NAME} uptime report at this address`,
    text: [
      `Someone using ${PRODUCT_NAME} would like to mail a monthly uptime report to this address.`,
      "",
      "Nothing is sent to it until you accept. To receive the report, open this link and press the button (the link works once, for 7 days):",
      confirmUrl,
      "",
      "If you do not want the report, ignore this mail: you will receive nothing more.",
    ].join("\n"),
  };
}
