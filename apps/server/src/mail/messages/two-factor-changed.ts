import { PRODUCT_NAME } from "@upwatch/core";
import type { OutgoingMail } from "../outgoing-mail.ts";

/** The notice to a person that two-factor sign-in was turned on or off for their sign-in. */
export function twoFactorChangedMail(change: {
  email: string;
  on: boolean;
  securityUrl: string;
  forgotPasswordUrl: string;
}): OutgoingMail {
  const what = change.on ? "turned on" : "turned off";
  return {
    to: change.email,
    subject: `Two-factor sign-in was ${what} for your ${PRODUCT_NAME} sign-in`,
    text: [
      `Two-factor sign-in was ${what} for ${change.email} on ${PRODUCT_NAME}.`,
      "",
      "If you made this change, there is nothing more to do. Your security settings:",
      change.securityUrl,
      "",
      "If you did not, someone else knows your password. Ask for a password reset at once and write to support:",
      change.forgotPasswordUrl,
    ].join("\n"),
  };
}
