import { ServiceError } from "../service-error.ts";

/** The longest period one report covers: a little over a year. */
export const MAX_REPORT_DAYS = 400;
const DAY_MS = 86_400_000;

/** A report's period: from `from` (inclusive) to `to` (exclusive), with how people name it. */
export interface ReportPeriod {
  from: number;
  to: number;
  /** `2026-11` for a calendar month; null for a custom range. */
  month: string | null;
  timeZone: string;
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function zoneOffset(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return local - Math.floor(at / 1000) * 1000;
}

/** The instant a local date's midnight falls on in a time zone (day 1 unless given). */
export function zonedMidnight(timeZone: string, year: number, monthIndex: number, day = 1): number {
  const wall = Date.UTC(year, monthIndex, day);
  let instant = wall - zoneOffset(timeZone, wall);
  // A second pass settles a midnight on the other side of a summer-time change.
  instant = wall - zoneOffset(timeZone, instant);
  return instant;
}

/** `2026-11` as year and month index, or a refusal naming the expected form. */
function parseMonth(month: string): { year: number; monthIndex: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const year = Number(match?.[1]);
  const monthIndex = Number(match?.[2]) - 1;
  if (!match || monthIndex < 0 || monthIndex > 11 || year < 2000) {
    throw new ServiceError(
      "invalid",
      `"${month.slice(0, 20)}" is not a month; write it as 2026-11.`,
    );
  }
  return { year, monthIndex };
}

/** A calendar month in the account's time zone, from its first midnight to the next month's. */
export function calendarMonthPeriod(timeZone: string, month: string): ReportPeriod {
  const { year, monthIndex } = parseMonth(month);
  return {
    from: zonedMidnight(timeZone, year, monthIndex),
    to: zonedMidnight(timeZone, year, monthIndex + 1),
    month,
    timeZone,
  };
}

/** The local calendar date of an instant in a time zone, as a UTC date at midnight. */
export function localDate(timeZone: string, at: number): Date {
  const local = new Date(at + zoneOffset(timeZone, at));
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
}

/** The calendar month an instant falls in, in a time zone, as `2026-11`. */
export function monthOf(timeZone: string, at: number): string {
  const local = localDate(timeZone, at);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The month before `month`, as `2026-10`. */
export function previousMonth(month: string): string {
  const { year, monthIndex } = parseMonth(month);
  const date = new Date(Date.UTC(year, monthIndex - 1, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** A custom range, checked: it must start before it ends and last at most MAX_REPORT_DAYS. */
export function customPeriod(timeZone: string, from: number, to: number): ReportPeriod {
  if (!(to > from)) {
    throw new ServiceError("invalid", "The report's period must end after it starts.");
  }
  if (to - from > MAX_REPORT_DAYS * DAY_MS) {
    throw new ServiceError(
      "invalid",
      `A report covers at most ${MAX_REPORT_DAYS} days; choose a shorter period.`,
    );
  }
  return { from, to, month: null, timeZone };
}
