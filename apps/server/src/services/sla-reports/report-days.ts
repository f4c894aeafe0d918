import { clipTo, type Interval } from "./intervals.ts";
import { localDate, zonedMidnight } from "./report-period.ts";
import { slaFigures } from "./sla-figures.ts";
import type { MemberTimeline, SlaDay } from "./sla-report.ts";

const DAY_MS = 86_400_000;

/** The local days of a time zone that a period touches, each cut to the period. */
export function localDays(timeZone: string, from: number, to: number): Interval[] {
  let date = localDate(timeZone, from);
  const midnight = (d: Date) =>
    zonedMidnight(timeZone, d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  let start = midnight(date);
  const days: Interval[] = [];
  while (start < to) {
    date = new Date(date.getTime() + DAY_MS);
    const end = midnight(date);
    days.push({ start: Math.max(start, from), end: Math.min(end, to) });
    start = end;
  }
  return days;
}

/** The whole subject's uptime and downtime on each day of the period, for the chart. */
export function dailyFigures(
  timelines: readonly MemberTimeline[],
  days: readonly Interval[],
  targetPercent: number,
): SlaDay[] {
  return days.map((day) => {
    const inDay = timelines.map((timeline) => ({
      span: clipTo([timeline.span], day)[0] ?? { start: day.start, end: day.start },
      outages: timeline.outages,
      maintenance: timeline.maintenance,
    }));
    const figures = slaFigures(inDay, targetPercent, []);
    return {
      start: day.start,
      uptimePercent: figures.uptimePercent,
      downtimeMinutes: figures.downtimeMinutes,
    };
  });
}
