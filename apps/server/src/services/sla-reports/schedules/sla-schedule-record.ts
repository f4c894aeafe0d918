import type { SlaReportScheduleTable } from "@upwatch/db";
import type { Selectable } from "kysely";
import type { SlaSubjectType } from "../sla-report.ts";

/** The most schedules one account keeps. */
export const MAX_SCHEDULES_PER_ACCOUNT = 50;

/** A monthly report schedule with its subject's name and the last month it sent. */
export interface SlaSchedule {
  id: string;
  accountId: string;
  subject: { type: SlaSubjectType; id: string; name: string };
  targetPercent: number;
  recipients: string[];
  /** The recipients that agreed to receive the report (or are members); only they get it. */
  confirmedRecipients: string[];
  lastSentMonth: string | null;
  createdAt: number;
}

/** A stored schedule row as a schedule, given its subject's name and last month sent. */
export function scheduleFromRow(
  row: Selectable<SlaReportScheduleTable>,
  subjectName: string,
  lastSentMonth: string | null,
  confirmedRecipients: string[] = [],
): SlaSchedule {
  return {
    id: row.id,
    accountId: row.account_id,
    subject: { type: row.subject_type as SlaSubjectType, id: row.subject_id, name: subjectName },
    targetPercent: Number(row.target_thousandths) / 1000,
    recipients: JSON.parse(row.recipients) as string[],
    confirmedRecipients,
    lastSentMonth,
    createdAt: Number(row.created_at),
  };
}

/** A target such as 99.9 as stored: thousandths of a percent. */
export function targetThousandths(targetPercent: number): number {
  return Math.round(targetPercent * 1000);
}
