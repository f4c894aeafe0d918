import { PRODUCT_NAME } from "@upwatch/core";
import type { OutgoingMail } from "../outgoing-mail.ts";

/**
 * The one mail an address gets before it confirms it wants an account's alerts. It carries no
 * text the account chose, so it cannot be used to send someone a message.
 */
export function channelConfirmationMail(address: string, confirmUrl: string): OutgoingMail {
  return {
    to: address,
    subject: `Confirm that you want ${PRODUCT_NAME} alerts at this address`,
    text: [
      `Someone using ${PRODUCT_NAME} added this address to receive their monitoring alerts.`,
      "",
      "Nothing is sent to it until you confirm. To receive the alerts, open this link and press the button (the link works once, for 7 days):",
      confirmUrl,
      "",
      "If you do not want these alerts, ignore this mail: you will receive nothing more.",
    ].join("\n"),
  };
}
