import { clipTo, type Interval, lengthOf, subtract, unionOf } from "./intervals.ts";
import type { MemberTimeline, SlaFigures } from "./sla-report.ts";

const MINUTE_MS = 60_000;

/** Minutes to one decimal: a report agrees with the monitor page to the minute. */
export function minutesOf(ms: number): number {
  return Math.round(ms / 6_000) / 10;
}

/** The parts of a member's time that count: its span less its maintenance. */
export function measuredOf(timeline: MemberTimeline): Interval[] {
  return subtract([timeline.span], timeline.maintenance);
}

/** The parts of a member's outages that count as downtime. */
export function downtimeOf(timeline: MemberTimeline): Interval[] {
  return subtract(clipTo(timeline.outages, timeline.span), timeline.maintenance);
}

/**
 * The figures of a member, or of a whole subject from its members: the whole counts a minute
 * as down while any member was down in it, and as maintenance while every member it measured
 * was in maintenance.
 */
export function slaFigures(
  timelines: readonly MemberTimeline[],
  targetPercent: number,
  endedOutages: readonly Interval[],
): SlaFigures {
  const spans = unionOf(timelines.map((t) => t.span));
  const measured = unionOf(timelines.flatMap(measuredOf));
  const down = unionOf(timelines.flatMap(downtimeOf));
  const measuredMs = lengthOf(measured);
  const downMs = lengthOf(down);
  const outages = down.length === 0 ? 0 : countOutages(timelines);
  const allowedMs = measuredMs * (1 - targetPercent / 100);
  const uptime = measuredMs > 0 ? (100 * (measuredMs - downMs)) / measuredMs : null;
  // An outage that fell wholly in maintenance or outside the period took nothing to recover from.
  const recovered = endedOutages
    .map((o) => lengthOf(intersectAll(o, measured)))
    .filter((ms) => ms > 0);
  return {
    measuredMinutes: minutesOf(measuredMs),
    maintenanceMinutes: minutesOf(lengthOf(spans) - measuredMs),
    downtimeMinutes: minutesOf(downMs),
    uptimePercent: uptime === null ? null : Math.round(uptime * 1000) / 1000,
    allowedDowntimeMinutes: minutesOf(allowedMs),
    budgetLeftMinutes: minutesOf(allowedMs - downMs),
    targetMet: uptime === null ? null : uptime >= targetPercent,
    outages,
    mttrMinutes: recovered.length
      ? minutesOf(recovered.reduce((a, b) => a + b, 0) / recovered.length)
      : null,
    mtbfMinutes: outages ? minutesOf((measuredMs - downMs) / outages) : null,
  };
}

/** How many outages had counted minutes, across the members. */
function countOutages(timelines: readonly MemberTimeline[]): number {
  let count = 0;
  for (const timeline of timelines) {
    const measured = measuredOf(timeline);
    for (const outage of timeline.outages) {
      if (lengthOf(intersectAll(outage, measured)) > 0) count += 1;
    }
  }
  return count;
}

function intersectAll(outage: Interval, measured: readonly Interval[]): Interval[] {
  return measured.flatMap((part) => clipTo([outage], part));
}

/** An outage's counted minutes, given the member's timeline. */
export function countedMinutes(outage: Interval, timeline: MemberTimeline): number {
  return minutesOf(lengthOf(intersectAll(outage, measuredOf(timeline))));
}

/** Whole minutes, as the monitor page rounds an outage's length. */
export function wholeMinutes(ms: number): number {
  return Math.max(0, Math.round(ms / MINUTE_MS));
}
