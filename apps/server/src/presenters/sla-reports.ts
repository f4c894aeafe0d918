import type { slaReportResponse, slaScheduleResponse } from "@upwatch/api";
import type { z } from "zod";
import type { SlaSchedule } from "../services/sla-reports/schedules/sla-schedule-record.ts";
import type { ResponseFigures, SlaFigures, SlaReport } from "../services/sla-reports/sla-report.ts";
import { isoTime, isoTimeOrNull } from "../time.ts";

function figures(f: SlaFigures) {
  return {
    measured_minutes: f.measuredMinutes,
    maintenance_minutes: f.maintenanceMinutes,
    downtime_minutes: f.downtimeMinutes,
    uptime_percent: f.uptimePercent,
    allowed_downtime_minutes: f.allowedDowntimeMinutes,
    budget_left_minutes: f.budgetLeftMinutes,
    target_met: f.targetMet,
    outages: f.outages,
    mttr_minutes: f.mttrMinutes,
    mtbf_minutes: f.mtbfMinutes,
  };
}

function response(r: ResponseFigures | null) {
  if (!r) return null;
  return {
    checks: r.checks,
    up_checks: r.upChecks,
    checks_up_percent: r.checksUpPercent,
    average_ms: r.averageMs,
    p50_ms: r.p50Ms,
    p95_ms: r.p95Ms,
    p99_ms: r.p99Ms,
  };
}

/** An SLA report as the API answers it. */
export function presentSlaReport(report: SlaReport): z.input<typeof slaReportResponse> {
  return {
    subject: report.subject,
    from: isoTime(report.from),
    to: isoTime(report.to),
    measured_until: isoTime(report.measuredUntil),
    time_zone: report.timeZone,
    month: report.month,
    generated_at: isoTime(report.generatedAt),
    target_percent: report.targetPercent,
    whole: figures(report.whole),
    response: response(report.response),
    members: report.members.map((m) => ({
      id: m.id,
      name: m.name,
      kind: m.kind,
      figures: figures(m.figures),
      response: response(m.response),
    })),
    outages: report.outages.map((o) => ({
      member_id: o.memberId,
      member_name: o.memberName,
      started_at: isoTime(o.startedAt),
      ended_at: isoTimeOrNull(o.endedAt),
      duration_minutes: o.durationMinutes,
      counted_minutes: o.countedMinutes,
      cause: o.cause,
    })),
    maintenance: report.maintenance.map((w) => ({
      member_id: w.memberId,
      member_name: w.memberName,
      title: w.title,
      starts_at: isoTime(w.startsAt),
      ends_at: isoTime(w.endsAt),
    })),
    regions: report.regions.map((g) => ({
      member_id: g.memberId,
      member_name: g.memberName,
      region: g.region,
      checks: g.checks,
      missed: g.missed,
      uptime_percent: g.uptimePercent,
      average_ms: g.averageMs,
      p50_ms: g.p50Ms,
      p95_ms: g.p95Ms,
    })),
    days: report.days.map((d) => ({
      start: isoTime(d.start),
      uptime_percent: d.uptimePercent,
      downtime_minutes: d.downtimeMinutes,
    })),
  };
}

/** A monthly report schedule as the API answers it. */
export function presentSlaSchedule(schedule: SlaSchedule): z.input<typeof slaScheduleResponse> {
  return {
    id: schedule.id,
    subject: schedule.subject,
    target_percent: schedule.targetPercent,
    recipients: schedule.recipients,
    recipient_confirmations: schedule.recipients.map((address) => ({
      address,
      confirmed: schedule.confirmedRecipients.includes(address),
    })),
    last_sent_month: schedule.lastSentMonth,
    created_at: isoTime(schedule.createdAt),
  };
}
