import { PRODUCT_NAME } from "@upwatch/core";
import type { OutgoingMail } from "../outgoing-mail.ts";

/** The mail with a link that lets the owner of the address choose a new password. */
export function passwordResetMail(email: string, resetUrl: string): OutgoingMail {
  return {
    to: email,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      `Someone, hopefully you, asked to reset the password of the ${PRODUCT_NAME} account that signs in with this address.`,
      "",
      "Choose a new password here (the link works once, for one hour):",
      resetUrl,
      "",
      "If you did not ask for this, ignore this mail: your password stays as it is.",
    ].join("\n"),
  };
}
