import { z } from "zod";
import { parseIsoDate } from "./zoned-time.ts";

/** Weekdays in the order `Date#getDay` numbers them (Sunday is 0). */
export const WEEKDAYS = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Which of the month's weekdays a monthly rule means: the first Sunday, the last Friday... */
export const MONTH_WEEKS = ["first", "second", "third", "fourth", "last"] as const;
export type MonthWeek = (typeof MONTH_WEEKS)[number];

export const RECURRENCE_FREQUENCIES = ["daily", "weekly", "monthly"] as const;

/** The longest occurrence: a day for a daily rule, a week otherwise. */
export const MAX_OCCURRENCE_MINUTES = { daily: 1440, weekly: 10_080, monthly: 10_080 } as const;

/**
 * When a maintenance window comes back, read on the wall clock of the account's time zone.
 * `start_time` and `duration_minutes` apply to every occurrence; `starts_on` is the first day
 * an occurrence may begin and `ends_on` (inclusive) the last.
 */
export interface RecurrenceRule {
  frequency: (typeof RECURRENCE_FREQUENCIES)[number];
  /** Weekly: the days of the week it recurs on. */
  weekdays?: Weekday[] | undefined;
  /** Monthly by date: the day of the month; in a shorter month, its last day. */
  month_day?: number | undefined;
  /** Monthly by weekday: `first` ... `last` `month_weekday` of the month. */
  month_week?: MonthWeek | undefined;
  month_weekday?: Weekday | undefined;
  start_time: string;
  duration_minutes: number;
  starts_on: string;
  ends_on?: string | null | undefined;
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

const day = (field: string) =>
  z
    .string({ message: `recurrence.${field} must be a day such as 2027-01-31.` })
    .refine((text) => parseIsoDate(text) !== undefined, {
      message: `recurrence.${field} must be a real day written as YYYY-MM-DD, such as 2027-01-31.`,
    });

const weekday = (field: string) =>
  z.enum(WEEKDAYS, { message: `recurrence.${field} must be a weekday such as sunday.` });

/** A recurrence rule in a request, with a sentence for each way it can be wrong. */
export const recurrenceRuleSchema = z
  .strictObject(
    {
      frequency: z.enum(RECURRENCE_FREQUENCIES, {
        message: "recurrence.frequency must be daily, weekly or monthly.",
      }),
      weekdays: z
        .array(weekday("weekdays"), {
          message: 'recurrence.weekdays must be a list of weekdays such as ["sunday"].',
        })
        .max(7)
        .optional(),
      month_day: z
        .number({ message: "recurrence.month_day must be a day of the month from 1 to 31." })
        .int({ message: "recurrence.month_day must be a whole number from 1 to 31." })
        .min(1, { message: "recurrence.month_day must be from 1 to 31." })
        .max(31, { message: "recurrence.month_day must be from 1 to 31." })
        .optional(),
      month_week: z
        .enum(MONTH_WEEKS, {
          message: "recurrence.month_week must be first, second, third, fourth or last.",
        })
        .optional(),
      month_weekday: weekday("month_weekday").optional(),
      start_time: z
        .string({ message: "recurrence.start_time must be a time such as 02:00." })
        .regex(HH_MM, {
          message: "recurrence.start_time must be a time from 00:00 to 23:59, as HH:MM.",
        }),
      duration_minutes: z
        .number({ message: "recurrence.duration_minutes must be a number of minutes, such as 60." })
        .int({ message: "recurrence.duration_minutes must be a whole number of minutes." })
        .min(1, { message: "A maintenance window must last at least 1 minute." }),
      starts_on: day("starts_on"),
      ends_on: day("ends_on").nullable().optional(),
    },
    {
      message:
        "recurrence must be an object with frequency, start_time, duration_minutes and starts_on.",
    },
  )
  .superRefine((rule, context) => {
    const problem = ruleProblem(rule);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** What is wrong with a rule whose fields are each well formed, in a sentence; undefined if nothing. */
export function ruleProblem(rule: RecurrenceRule): string | undefined {
  if (rule.frequency === "weekly" && (rule.weekdays ?? []).length === 0) {
    return 'A weekly window needs at least one weekday in recurrence.weekdays, such as ["sunday"].';
  }
  if (rule.frequency !== "weekly" && rule.weekdays !== undefined) {
    return "recurrence.weekdays belongs to weekly windows only.";
  }
  if (rule.frequency === "monthly") {
    const byDay = rule.month_day !== undefined;
    const byWeekday = rule.month_week !== undefined || rule.month_weekday !== undefined;
    if (byDay === byWeekday) {
      return "A monthly window needs either recurrence.month_day (1 to 31) or recurrence.month_week with recurrence.month_weekday (such as first sunday), not both.";
    }
    if (byWeekday && (rule.month_week === undefined || rule.month_weekday === undefined)) {
      return "A monthly window by weekday needs both recurrence.month_week and recurrence.month_weekday, such as first and sunday.";
    }
  } else if (
    rule.month_day !== undefined ||
    rule.month_week !== undefined ||
    rule.month_weekday !== undefined
  ) {
    return "recurrence.month_day, month_week and month_weekday belong to monthly windows only.";
  }
  const longest = MAX_OCCURRENCE_MINUTES[rule.frequency];
  if (rule.duration_minutes > longest) {
    return rule.frequency === "daily"
      ? "A daily window can last at most 24 hours (1440 minutes)."
      : "A maintenance window can last at most 7 days (10080 minutes).";
  }
  if (rule.ends_on && rule.ends_on < rule.starts_on) {
    return "recurrence.ends_on must be on or after recurrence.starts_on.";
  }
  return undefined;
}

/** A stored rule (JSON), or null for a window that does not recur or cannot be read. */
export function parseRecurrenceRule(text: string | null): RecurrenceRule | null {
  if (text === null) return null;
  try {
    const parsed = recurrenceRuleSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
