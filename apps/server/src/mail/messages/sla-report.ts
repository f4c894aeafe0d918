import { PRODUCT_NAME } from "@upwatch/core";
import type { MailAttachment, OutgoingMail } from "../outgoing-mail.ts";

/** What the monthly report mail says, in figures already written as people read them. */
export interface SlaReportMailFacts {
  to: string;
  subjectName: string;
  periodTitle: string;
  uptime: string;
  target: string;
  verdict: string;
  downtime: string;
  budgetLeft: string;
  outages: number;
  maintenance: string;
  reportsUrl: string;
  /** Where this recipient stops receiving the report. */
  unsubscribeUrl: string;
  attachments: MailAttachment[];
}

/** The monthly SLA report of one subject, its PDF and CSV attached. */
export function slaReportMail(facts: SlaReportMailFacts): OutgoingMail {
  return {
    to: facts.to,
    subject: `SLA report for ${facts.subjectName}, ${facts.periodTitle}: ${facts.uptime} uptime`,
    text: [
      `The service level report of ${facts.subjectName} for ${facts.periodTitle}.`,
      "",
      `Uptime: ${facts.uptime} against a target of ${facts.target} (${facts.verdict.toLowerCase()}).`,
      `Downtime: ${facts.downtime}; budget left: ${facts.budgetLeft}.`,
      `Outages: ${facts.outages}. Maintenance excluded: ${facts.maintenance}.`,
      "",
      "The full report is attached as a PDF, and its figures as CSV.",
      "",
      `Open reports in ${PRODUCT_NAME}: ${facts.reportsUrl}`,
      "",
      `You receive this because an administrator of the ${PRODUCT_NAME} account scheduled this report to your address, and it was accepted.`,
      `To receive it no more: ${facts.unsubscribeUrl}`,
    ].join("\n"),
    attachments: facts.attachments,
  };
}
