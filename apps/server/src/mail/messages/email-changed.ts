import { PRODUCT_NAME } from "@upwatch/core";
import type { OutgoingMail } from "../outgoing-mail.ts";

/** The notice to the old address that an account now signs in with another one. */
export function emailChangedMail(change: {
  oldEmail: string;
  newEmail: string;
  forgotPasswordUrl: string;
}): OutgoingMail {
  return {
    to: change.oldEmail,
    subject: `Your ${PRODUCT_NAME} sign-in address was changed`,
    text: [
      `The ${PRODUCT_NAME} account that signed in with this address now signs in with ${change.newEmail}.`,
      "",
      "If you made this change, there is nothing more to do.",
      "",
      "If you did not, someone else knows your password. Ask for a password reset at once, at this address, and write to support:",
      change.forgotPasswordUrl,
    ].join("\n"),
  };
}
