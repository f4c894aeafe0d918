import type { WidgetSettings } from "@upwatch/core";
import { isoTime } from "../../../time.ts";
import { readAccountTimeZone } from "../../accounts/account-time-zone.ts";
import { computeSlaReport } from "../../sla-reports/compute-sla-report.ts";
import { calendarMonthPeriod, monthOf, previousMonth } from "../../sla-reports/report-period.ts";
import type { WidgetLoader, WidgetSource } from "./widget-loader.ts";

const DAY_MS = 86_400_000;

/** The widget's period: a calendar month in the account's time zone, or the last 30 days. */
async function periodOf(
  { ctx, access }: WidgetSource,
  period: WidgetSettings<"sla_figure">["period"],
): Promise<{ from: number; to: number }> {
  const now = ctx.now();
  if (period === "last_30_days") return { from: now - 30 * DAY_MS, to: now };
  const timeZone = await readAccountTimeZone(ctx.db, access.accountId);
  const month = monthOf(timeZone, now);
  return calendarMonthPeriod(timeZone, period === "current_month" ? month : previousMonth(month));
}

/** The uptime a subject kept over the period against the target, from the SLA report itself. */
export const loadSlaFigure: WidgetLoader<"sla_figure"> = async (source, settings) => {
  const { from, to } = await periodOf(source, settings.period);
  const report = await computeSlaReport(source.ctx, source.access, {
    subject: { type: settings.subject_type, id: settings.subject_id },
    from,
    to,
    targetPercent: settings.target_percent,
  });
  return {
    type: "sla_figure",
    subject_name: report.subject.name,
    subject_type: settings.subject_type,
    period: settings.period,
    from: isoTime(report.from),
    to: isoTime(report.to),
    uptime_percent: report.whole.uptimePercent,
    target_percent: report.targetPercent,
    target_met: report.whole.targetMet,
    downtime_minutes: report.whole.downtimeMinutes,
  };
};
