import { PRODUCT_NAME } from "@upwatch/core";
import type { OutgoingMail } from "../outgoing-mail.ts";

/** The mail inviting an address to join an account, with its single-use link. */
export function invitationMail(
  invitation: { email: string; accountName: string; inviter: string | null; roleName: string },
  link: string,
): OutgoingMail {
  const who = invitation.inviter ?? "Someone";
  return {
    to: invitation.email,
    subject: `Join ${invitation.accountName} on ${PRODUCT_NAME}`,
    text: [
      `${who} invited you to join the ${PRODUCT_NAME} account “${invitation.accountName}” as ${invitation.roleName}.`,
      "",
      "Accept the invitation here (the link works once, for 7 days):",
      link,
      "",
      "If you do not want to join, ignore this mail.",
    ].join("\n"),
  };
}
