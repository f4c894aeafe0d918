import { namedAfterAddress, PRODUCT_NAME, teamInSentence, teamName } from "@upwatch/core";
import type { OutgoingMail } from "../outgoing-mail.ts";

/** The mail inviting an address to join an account, with its single-use link. */
export function invitationMail(
  invitation: { email: string; accountName: string; inviter: string | null; roleName: string },
  link: string,
): OutgoingMail {
  const { accountName, inviter, roleName } = invitation;
  const who = inviter ?? "Someone";
  const joining = namedAfterAddress(accountName)
    ? `${teamInSentence(accountName, inviter)} on ${PRODUCT_NAME}`
    : `the ${PRODUCT_NAME} account ${teamInSentence(accountName, inviter)}`;
  return {
    to: invitation.email,
    subject: `Join ${teamName(accountName)} on ${PRODUCT_NAME}`,
    text: [
      `${who} invited you to join ${joining} as ${roleName}.`,
      "",
      "Accept the invitation here (the link works once, for 7 days):",
      link,
      "",
      "If you do not want to join, ignore this mail.",
    ].join("\n"),
  };
}
