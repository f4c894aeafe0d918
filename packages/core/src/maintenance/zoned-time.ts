/** A calendar day, as the wall calendar of a time zone shows it (`month` 1-12). */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock reading in `zone` at `at`, as if that reading were a UTC instant (minute precision). */
function wallClockAt(at: number, zone: string): number {
  const parts = formatterOf(zone).formatToParts(new Date(at));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(value("year"), value("month") - 1, value("day"), value("hour"), value("minute"));
}

const offsetAt = (at: number, zone: string) =>
  wallClockAt(at, zone) - Math.floor(at / MINUTE_MS) * MINUTE_MS;

/** The day the wall calendar of `zone` shows at `at`. */
export function localDateAt(at: number, zone: string): LocalDate {
  const wall = new Date(wallClockAt(at, zone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/**
 * The instant a wall clock in `zone` shows `minuteOfDay` on `date`. A time skipped when clocks
 * go forward is moved forward by the gap (02:30 becomes 03:30); a time shown twice when they go
 * back is its first showing, as calendars do.
 */
export function instantOfWallClock(date: LocalDate, minuteOfDay: number, zone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minuteOfDay * MINUTE_MS;
  const before = wall - offsetAt(wall - DAY_MS, zone);
  const after = wall - offsetAt(wall + DAY_MS, zone);
  const shows = (at: number) => wallClockAt(at, zone) === wall;
  const candidates = [before, after].filter(shows);
  return candidates.length > 0 ? Math.min(...candidates) : before;
}

/** The day after `date` (or `days` days later; negative goes back). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** 0 for Sunday to 6 for Saturday. */
export function weekdayOf(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** How many days the month of `date` has. */
export function daysInMonth(date: Pick<LocalDate, "year" | "month">): number {
  return new Date(Date.UTC(date.year, date.month, 0)).getUTCDate();
}

/** `YYYY-MM-DD` of a day; such strings sort as the days do. */
export function isoDate(date: LocalDate): string {
  const pad = (value: number, width: number) => String(value).padStart(width, "0");
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** The day of a `YYYY-MM-DD` string, or undefined when it is not a real day. */
export function parseIsoDate(text: string): LocalDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(date)) {
    return undefined;
  }
  return date;
}
