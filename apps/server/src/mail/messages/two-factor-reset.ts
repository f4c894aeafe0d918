import { PRODUCT_NAME } from "@upwatch/core";
import type { OutgoingMail } from "../outgoing-mail.ts";

/** The notice to a person that the operator turned their two-factor sign-in off. */
export function twoFactorResetMail(person: { email: string }): OutgoingMail {
  return {
    to: person.email,
    subject: `Two-factor sign-in was turned off for your ${PRODUCT_NAME} sign-in`,
    text: [
      `The operator of this ${PRODUCT_NAME} installation turned two-factor sign-in off for ${person.email}, deleted its recovery codes and signed out every session.`,
      "",
      "You can now sign in with your password alone. Turn two-factor sign-in back on under Settings > Security; an account that requires it asks you to set it up at your next sign-in.",
      "",
      "If you did not ask for this, tell the operator at once and change your password.",
    ].join("\n"),
  };
}
