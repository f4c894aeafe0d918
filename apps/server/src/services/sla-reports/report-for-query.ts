import type { AccountAccess } from "../accounts/account-access.ts";
import { readAccountTimeZone } from "../accounts/account-time-zone.ts";
import type { ServiceContext } from "../context.ts";
import { computeSlaReport } from "./compute-sla-report.ts";
import { enforceSlaReportPlan } from "./enforce-sla-report-plan.ts";
import { calendarMonthPeriod, customPeriod } from "./report-period.ts";
import type { SlaReport, SlaSubjectType } from "./sla-report.ts";

/** A report as a request asks for it: a calendar month of the account, or a custom range. */
export interface SlaReportQuery {
  subjectType: SlaSubjectType;
  subjectId: string;
  month?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  target: number;
}

/** The report a request asks for, the month read in the account's time zone. */
export async function reportForQuery(
  ctx: ServiceContext,
  access: AccountAccess,
  query: SlaReportQuery,
): Promise<SlaReport> {
  enforceSlaReportPlan(access.plan);
  const timeZone = await readAccountTimeZone(ctx.db, access.accountId);
  const period = query.month
    ? calendarMonthPeriod(timeZone, query.month)
    : customPeriod(timeZone, Date.parse(query.from ?? ""), Date.parse(query.to ?? ""));
  return computeSlaReport(ctx, access, {
    subject: { type: query.subjectType, id: query.subjectId },
    from: period.from,
    to: period.to,
    targetPercent: query.target,
    month: period.month,
  });
}
