import { PRODUCT_NAME } from "@upwatch/core";
import type { OutgoingMail } from "../outgoing-mail.ts";

/** The notice to an account's owner that a payment failed, and until when the plan is kept. */
export function paymentFailedMail(notice: {
  email: string;
  accountName: string;
  planName: string;
  graceEndsOn: string;
  billingUrl: string;
}): OutgoingMail {
  return {
    to: notice.email,
    subject: `Your ${PRODUCT_NAME} payment failed`,
    text: [
      `The payment for ${notice.accountName}'s ${notice.planName} plan on ${PRODUCT_NAME} failed.`,
      "",
      `Stripe will try the card again. The plan stays until ${notice.graceEndsOn}; if the payment is still not made by then, the account moves to Free (monitors beyond its limits are paused, nothing is deleted).`,
      "",
      "Update the card or pay the invoice from the plan and billing settings:",
      notice.billingUrl,
    ].join("\n"),
  };
}
