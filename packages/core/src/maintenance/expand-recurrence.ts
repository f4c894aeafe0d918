import { MONTH_WEEKS, type RecurrenceRule, WEEKDAYS } from "./recurrence-rule.ts";
import {
  addDays,
  daysInMonth,
  instantOfWallClock,
  isoDate,
  type LocalDate,
  localDateAt,
  parseIsoDate,
  weekdayOf,
} from "./zoned-time.ts";

/** One occurrence of a recurring window: from `startsAt` until just before `endsAt`. */
export interface Occurrence {
  startsAt: number;
  endsAt: number;
}

/** The most occurrences one expansion answers, whatever its span. */
export const MAX_OCCURRENCES = 2000;
/** The most days one expansion walks: a span longer than this is cut, later days left out. */
const MAX_DAYS_WALKED = 3700;
const MINUTE_MS = 60_000;

/** Whether an occurrence of the rule begins on `date` (ignoring its first and last day). */
export function recursOn(rule: RecurrenceRule, date: LocalDate): boolean {
  if (rule.frequency === "daily") return true;
  const weekday = WEEKDAYS[weekdayOf(date)];
  if (rule.frequency === "weekly")
    return weekday !== undefined && (rule.weekdays ?? []).includes(weekday);
  const lastDay = daysInMonth(date);
  if (rule.month_day !== undefined) return date.day === Math.min(rule.month_day, lastDay);
  if (weekday !== rule.month_weekday) return false;
  if (rule.month_week === "last") return date.day + 7 > lastDay;
  return Math.ceil(date.day / 7) === MONTH_WEEKS.indexOf(rule.month_week ?? "first") + 1;
}

/**
 * The occurrences of the rule, read in `zone`, that are under way at some moment from
 * `span.from` to `span.to` (an occurrence ends just before its end), earliest first; those
 * whose start is in `skipped` are left out. Each starts at the rule's time on the wall clock,
 * so summer time moves the instant, not the hour; it lasts `duration_minutes` of real time.
 */
export function expandOccurrences(
  rule: RecurrenceRule,
  zone: string,
  span: { from: number; to: number },
  skipped: ReadonlySet<number> = new Set(),
  limit = MAX_OCCURRENCES,
): Occurrence[] {
  const first = parseIsoDate(rule.starts_on);
  if (!first || span.to < span.from) return [];
  const durationMs = rule.duration_minutes * MINUTE_MS;
  const minute = Number(rule.start_time.slice(0, 2)) * 60 + Number(rule.start_time.slice(3, 5));
  const lastText = rule.ends_on ?? undefined;
  // Starting a day early covers an occurrence begun the day before that is still under way.
  let date = localDateAt(span.from - durationMs, zone);
  date = addDays(date, -1);
  if (isoDate(date) < rule.starts_on) date = first;
  // No occurrence can start in the span on a day after the one the span ends on.
  const lastDay = isoDate(localDateAt(span.to, zone));
  const last = lastText !== undefined && lastText < lastDay ? lastText : lastDay;
  const occurrences: Occurrence[] = [];
  for (let walked = 0; walked < MAX_DAYS_WALKED && occurrences.length < limit; walked += 1) {
    if (isoDate(date) > last) break;
    if (recursOn(rule, date)) {
      const startsAt = instantOfWallClock(date, minute, zone);
      if (startsAt > span.to) break;
      const endsAt = startsAt + durationMs;
      if (endsAt > span.from && !skipped.has(startsAt)) occurrences.push({ startsAt, endsAt });
    }
    date = addDays(date, 1);
  }
  return occurrences;
}

/** The next `count` occurrences that have not ended at `now`, the one under way first. */
export function upcomingOccurrences(
  rule: RecurrenceRule,
  zone: string,
  now: number,
  count: number,
  skipped: ReadonlySet<number> = new Set(),
): Occurrence[] {
  const yearAhead = now + 400 * 86_400_000;
  return expandOccurrences(rule, zone, { from: now, to: yearAhead }, skipped, count);
}

/**
 * When the rule's last occurrence ends, or undefined when it has no last day. Stored as the
 * window's end, so queries for windows under way in a span find a series without expanding it.
 */
export function seriesEnd(rule: RecurrenceRule, zone: string): number | undefined {
  if (!rule.ends_on) return undefined;
  const last = parseIsoDate(rule.ends_on);
  if (!last) return undefined;
  const dayAfter = instantOfWallClock(addDays(last, 1), 0, zone);
  return dayAfter + rule.duration_minutes * MINUTE_MS;
}

/** When the rule's first occurrence begins (on or after `starts_on`). */
export function seriesStart(rule: RecurrenceRule, zone: string): number {
  const first = parseIsoDate(rule.starts_on) as LocalDate;
  const from = instantOfWallClock(first, 0, zone);
  const [occurrence] = expandOccurrences(
    rule,
    zone,
    { from, to: from + 400 * 86_400_000 },
    new Set(),
    1,
  );
  return occurrence?.startsAt ?? from;
}
