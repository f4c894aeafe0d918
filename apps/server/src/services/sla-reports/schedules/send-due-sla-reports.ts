import { getPlan, type PlanId } from "@upwatch/core";
import { slaReportMail } from "../../../mail/messages/sla-report.ts";
import { enqueueMail } from "../../../mail/outbox.ts";
import { readAccountTimeZone } from "../../accounts/account-time-zone.ts";
import type { ServiceContext } from "../../context.ts";
import { ServiceError } from "../../service-error.ts";
import { computeSlaReport } from "../compute-sla-report.ts";
import { slaReportPdf } from "../pdf/sla-report-pdf.ts";
import { calendarMonthPeriod, monthOf, previousMonth } from "../report-period.ts";
import { minutesText, percentText, periodTitle, targetText } from "../report-words.ts";
import type { SlaReport, SlaSubjectType } from "../sla-report.ts";
import { slaReportCsv, slaReportFileName } from "../sla-report-csv.ts";
import { readReportRecipients } from "./report-recipients.ts";
import { reportUnsubscribeLink } from "./report-unsubscribe.ts";
import { scheduleFromRow } from "./sla-schedule-record.ts";

/** The mail kind of a monthly report in the outbox. */
export const SLA_REPORT_MAIL_KIND = "sla-report";

/**
 * Mails every schedule's report of the month just ended in its account's time zone, once: the
 * row of the schedule and month is the claim, written in the transaction that queues the mails,
 * so several server processes (or a run repeated after a failure) never send it twice. A
 * schedule made after that month ended waits for the next one; a deleted subject sends nothing.
 * Only addresses that confirmed get the report; while none has, the month is not claimed, so
 * its report goes out once one confirms.
 * Returns how many reports were sent.
 */
export async function sendDueSlaReports(
  ctx: ServiceContext,
  options: { reportsUrl: string; linkBase: string; linkSecret: Buffer },
): Promise<number> {
  const now = ctx.now();
  const rows = await ctx.db
    .selectFrom("sla_report_schedules")
    .innerJoin("accounts", "accounts.id", "sla_report_schedules.account_id")
    .selectAll("sla_report_schedules")
    .select("accounts.plan")
    .orderBy("sla_report_schedules.created_at")
    .execute();
  let sent = 0;
  for (const row of rows) {
    if (!getPlan(row.plan as PlanId).limits.slaReports) continue;
    const timeZone = await readAccountTimeZone(ctx.db, row.account_id);
    const month = previousMonth(monthOf(timeZone, now));
    const period = calendarMonthPeriod(timeZone, month);
    if (Number(row.created_at) >= period.to) continue;
    const done = await ctx.db
      .selectFrom("sla_report_sends")
      .select("month")
      .where("schedule_id", "=", row.id)
      .where("month", "=", month)
      .executeTakeFirst();
    if (done) continue;
    const schedule = scheduleFromRow(row, "", null);
    const recipients = await readReportRecipients(ctx.db, row.id, schedule.recipients);
    const confirmed = recipients.filter((r) => r.confirmed);
    if (confirmed.length === 0) continue;
    const report = await reportOrNothing(ctx, row.account_id, row.plan as PlanId, {
      type: schedule.subject.type,
      id: schedule.subject.id,
      period,
      targetPercent: schedule.targetPercent,
    });
    if (!report) continue;
    const attachments = await reportAttachments(report);
    const claimed = await ctx.transact(async (trx) => {
      const claim = await trx
        .insertInto("sla_report_sends")
        .values({ schedule_id: row.id, month, sent_at: now })
        .onConflict((oc) => oc.columns(["schedule_id", "month"]).doNothing())
        .executeTakeFirst();
      if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      for (const [index, recipient] of confirmed.entries()) {
        const mail = slaReportMail({
          to: recipient.address,
          subjectName: report.subject.name,
          periodTitle: periodTitle(report),
          uptime: percentText(report.whole.uptimePercent),
          target: `${report.targetPercent} %`,
          verdict: targetText(report.whole.targetMet),
          downtime: minutesText(report.whole.downtimeMinutes),
          budgetLeft: minutesText(report.whole.budgetLeftMinutes),
          outages: report.whole.outages,
          maintenance: minutesText(report.whole.maintenanceMinutes),
          reportsUrl: options.reportsUrl,
          unsubscribeUrl: reportUnsubscribeLink(options.linkSecret, options.linkBase, recipient.id),
          attachments,
        });
        await enqueueMail(trx, ctx, SLA_REPORT_MAIL_KIND, mail, `sla_${row.id}_${month}_${index}`);
      }
      return true;
    });
    if (claimed) sent += 1;
  }
  return sent;
}

async function reportOrNothing(
  ctx: ServiceContext,
  accountId: string,
  plan: PlanId,
  ask: {
    type: SlaSubjectType;
    id: string;
    period: { from: number; to: number; month: string | null };
    targetPercent: number;
  },
): Promise<SlaReport | null> {
  try {
    return await computeSlaReport(
      ctx,
      { accountId, plan },
      {
        subject: { type: ask.type, id: ask.id },
        from: ask.period.from,
        to: ask.period.to,
        targetPercent: ask.targetPercent,
        month: ask.period.month,
      },
    );
  } catch (error) {
    if (error instanceof ServiceError && error.code === "not-found") return null;
    throw error;
  }
}

async function reportAttachments(report: SlaReport) {
  const name = slaReportFileName(report);
  const pdf = await slaReportPdf(report);
  return [
    {
      filename: `${name}.pdf`,
      contentType: "application/pdf",
      contentBase64: pdf.toString("base64"),
    },
    {
      filename: `${name}.csv`,
      contentType: "text/csv; charset=utf-8",
      contentBase64: Buffer.from(slaReportCsv(report)).toString("base64"),
    },
  ];
}
