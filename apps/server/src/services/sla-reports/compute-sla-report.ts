import { loadMonitorMaintenanceWindows } from "../../alerting/index.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { readAccountTimeZone } from "../accounts/account-time-zone.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { enforceSlaReportPlan } from "./enforce-sla-report-plan.ts";
import type { Interval } from "./intervals.ts";
import { loadMemberOutages, type StoredOutage } from "./member-outages.ts";
import { dailyFigures, localDays } from "./report-days.ts";
import { type ReportMember, readReportSubject } from "./report-subject.ts";
import { addSums, regionRows, responseFigures } from "./response-figures.ts";
import { type RollupSum, sumRollups } from "./rollup-sums.ts";
import { countedMinutes, slaFigures, wholeMinutes } from "./sla-figures.ts";
import type {
  MemberTimeline,
  SlaMaintenanceWindow,
  SlaReport,
  SlaReportRequest,
} from "./sla-report.ts";
import { checkSlaTarget } from "./sla-target.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * An SLA report of a monitor, group, agent or status page over a period: uptime against the
 * target from the outages (incidents, an agent's offline alerts) less maintenance windows, and
 * checks, response times and regions from the rollups. Another account's subject is not found.
 */
export async function computeSlaReport(
  ctx: ServiceContext,
  access: AccountAccess,
  request: SlaReportRequest,
): Promise<SlaReport> {
  enforceSlaReportPlan(access.plan);
  const targetPercent = checkSlaTarget(request.targetPercent);
  const subject = await readReportSubject(ctx, access.accountId, request.subject);
  const now = ctx.now();
  if (request.from >= now) {
    throw new ServiceError("invalid", "The report's period has not started yet.");
  }
  const measuredUntil = Math.min(request.to, now);
  const period = { from: request.from, to: measuredUntil };
  const stored = await loadMemberOutages(ctx.db, subject.members, period);
  const maintenance = await loadMaintenance(ctx, subject.members, period);
  const timelines = new Map<string, MemberTimeline>();
  for (const member of subject.members) {
    const start = Math.min(Math.max(request.from, member.createdAt), measuredUntil);
    timelines.set(member.id, {
      span: { start, end: measuredUntil },
      outages: stored.filter((o) => o.memberId === member.id).map((o) => asInterval(o, now)),
      maintenance: maintenance
        .filter((w) => w.memberId === member.id)
        .map((w) => ({ start: w.startsAt, end: w.endsAt })),
    });
  }
  const ended = (memberId?: string) =>
    stored
      .filter((o) => o.endedAt !== null && (memberId === undefined || o.memberId === memberId))
      .map((o) => asInterval(o, now));
  const monitorIds = subject.members.filter((m) => m.kind === "monitor").map((m) => m.id);
  const { sums, regionSums } = await loadRollupSums(ctx, monitorIds, period);
  const timeZone = await readAccountTimeZone(ctx.db, access.accountId);
  const members = subject.members.map((member) => ({
    id: member.id,
    name: member.name,
    kind: member.kind,
    figures: slaFigures([timelines.get(member.id)!], targetPercent, ended(member.id)),
    response:
      member.kind === "monitor"
        ? responseFigures(sums.find((s) => s.monitor_id === member.id) ?? null)
        : null,
  }));
  const names = new Map(subject.members.map((m) => [m.id, m.name]));
  return {
    subject: { type: subject.type, id: subject.id, name: subject.name },
    from: request.from,
    to: request.to,
    measuredUntil,
    timeZone,
    month: request.month ?? null,
    generatedAt: now,
    targetPercent,
    whole: slaFigures([...timelines.values()], targetPercent, ended()),
    response: monitorIds.length ? responseFigures(addSums(sums)) : null,
    members,
    outages: stored.map((outage) => ({
      memberId: outage.memberId,
      memberName: names.get(outage.memberId) ?? "",
      startedAt: outage.startedAt,
      endedAt: outage.endedAt,
      durationMinutes: wholeMinutes((outage.endedAt ?? now) - outage.startedAt),
      countedMinutes: countedMinutes(asInterval(outage, now), timelines.get(outage.memberId)!),
      cause: outage.cause,
    })),
    maintenance,
    regions: regionRows(subject.members, regionSums),
    days: dailyFigures(
      [...timelines.values()],
      localDays(timeZone, request.from, request.to),
      targetPercent,
    ).map((day) => (day.start >= measuredUntil ? { ...day, uptimePercent: null } : day)),
  };
}

function asInterval(outage: StoredOutage, now: number): Interval {
  return { start: outage.startedAt, end: outage.endedAt ?? now };
}

/** The maintenance windows covering the monitors during the period, cut to it. */
async function loadMaintenance(
  ctx: ServiceContext,
  members: readonly ReportMember[],
  period: { from: number; to: number },
): Promise<SlaMaintenanceWindow[]> {
  const monitors = members.filter((m) => m.kind === "monitor");
  const windows = await loadMonitorMaintenanceWindows(
    ctx.db,
    monitors.map((m) => m.id),
    period,
  );
  return monitors.flatMap((member) =>
    (windows.get(member.id) ?? []).map((window) => ({
      memberId: member.id,
      memberName: member.name,
      title: window.title,
      startsAt: window.startsAt,
      endsAt: window.endsAt,
    })),
  );
}

/**
 * The monitors' rollups over the period: hourly ones while they are kept, daily ones for a
 * period older than the hourly history.
 */
async function loadRollupSums(
  ctx: ServiceContext,
  monitorIds: readonly string[],
  period: { from: number; to: number },
): Promise<{ sums: RollupSum[]; regionSums: RollupSum[] }> {
  if (monitorIds.length === 0) return { sums: [], regionSums: [] };
  for (const [bucketSeconds, bucketMs] of [
    [3600, HOUR_MS],
    [86_400, DAY_MS],
  ] as const) {
    const window = {
      bucketSeconds,
      from: Math.floor(period.from / bucketMs) * bucketMs,
      to: period.to,
    };
    const sums = await sumRollups(ctx.db, monitorIds, window, false);
    if (sums.some((sum) => sum.checks > 0) || bucketSeconds === 86_400) {
      return { sums, regionSums: await sumRollups(ctx.db, monitorIds, window, true) };
    }
  }
  return { sums: [], regionSums: [] };
}
