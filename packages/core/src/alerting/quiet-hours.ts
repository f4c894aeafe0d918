import { z } from "zod";

/** A daily window, in a time zone, during which a channel receives only critical alerts. */
export interface QuietHours {
  /** Local start, `HH:MM` on a 24-hour clock. */
  from: string;
  /** Local end, `HH:MM`; earlier than `from` when the window crosses midnight. */
  until: string;
  /** An IANA time zone, such as `Europe/Berlin`. */
  time_zone: string;
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether `zone` is a time zone this runtime knows by its IANA name. */
export function isKnownTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const clock = (field: string) =>
  z.string({ message: `quiet_hours.${field} must be a time such as 22:00.` }).regex(HH_MM, {
    message: `quiet_hours.${field} must be a time from 00:00 to 23:59, as HH:MM.`,
  });

/** `quiet_hours` of a channel: a window, or null for none. */
export const quietHoursField = z
  .strictObject(
    {
      from: clock("from"),
      until: clock("until"),
      time_zone: z
        .string({ message: "quiet_hours.time_zone must be a time zone such as Europe/Berlin." })
        .refine(isKnownTimeZone, {
          message:
            "quiet_hours.time_zone must be an IANA time zone such as Europe/Berlin or America/New_York.",
        }),
    },
    { message: "quiet_hours must be an object with from, until and time_zone, or null." },
  )
  .refine((hours) => hours.from !== hours.until, {
    message: "quiet_hours.from and quiet_hours.until must differ: the window cannot be empty.",
  })
  .nullable();

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The minute of the day a wall clock in `zone` shows at `at` (epoch milliseconds). */
export function localMinuteOfDay(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(at));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value("hour") * 60 + value("minute");
}

/**
 * Whether `at` falls inside the window, read on the wall clock of its zone, so a window keeps
 * its local hours across daylight-saving changes. `from` is inside, `until` is not.
 */
export function isInQuietHours(hours: QuietHours, at: number): boolean {
  const now = localMinuteOfDay(at, hours.time_zone);
  const from = minutesOf(hours.from);
  const until = minutesOf(hours.until);
  return from < until ? now >= from && now < until : now >= from || now < until;
}

/** Quiet hours as stored (JSON); null for none or for anything unreadable. */
export function parseQuietHours(text: string | null): QuietHours | null {
  if (text === null) return null;
  try {
    const { from, until, time_zone } = JSON.parse(text) as Partial<QuietHours>;
    return typeof from === "string" && typeof until === "string" && typeof time_zone === "string"
      ? { from, until, time_zone }
      : null;
  } catch {
    return null;
  }
}
