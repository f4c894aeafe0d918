import { statusPageTitle } from "@upwatch/core";
import type { OutgoingMail } from "../outgoing-mail.ts";
import { unsubscribeHeaders } from "./newsletter-confirmation.ts";

export interface StatusMailLinks {
  pageUrl: string;
  unsubscribeUrl: string;
}

/** The double opt-in mail of a status page: nothing else is sent until its owner confirms. */
export function statusConfirmationMail(
  email: string,
  pageName: string,
  links: StatusMailLinks & { confirmUrl: string },
): OutgoingMail {
  return {
    to: email,
    subject: `Confirm your subscription to ${statusPageTitle(pageName)} updates`,
    text: [
      `Someone, hopefully you, asked to receive incident and maintenance updates from the ${statusPageTitle(pageName)} page (${links.pageUrl}) at this address.`,
      "",
      "Confirm your subscription:",
      links.confirmUrl,
      "",
      "If you did not ask for this, ignore this mail and you will hear nothing more.",
      `Unsubscribe: ${links.unsubscribeUrl}`,
    ].join("\n"),
    headers: unsubscribeHeaders(links.unsubscribeUrl),
  };
}

/** One notice (an incident update, a maintenance window) as mailed to one subscriber. */
export function statusNoticeMail(
  email: string,
  notice: { subject: string; body: string },
  links: StatusMailLinks,
): OutgoingMail {
  return {
    to: email,
    subject: notice.subject,
    text: [
      notice.body,
      "",
      `Status page: ${links.pageUrl}`,
      "",
      "You receive this because you subscribed to this status page.",
      `Unsubscribe in one click: ${links.unsubscribeUrl}`,
    ].join("\n"),
    headers: unsubscribeHeaders(links.unsubscribeUrl),
  };
}
