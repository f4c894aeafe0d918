import {
  MONTH_WEEKS,
  type MonthWeek,
  type RecurrenceRule,
  recurrenceRuleSchema,
  type Weekday,
} from "@upwatch/core";

/** What the recurrence fields hold while a person edits them. */
export interface RecurrenceDraft {
  repeats: "once" | RecurrenceRule["frequency"];
  weekdays: Weekday[];
  monthBy: "day" | "weekday";
  monthDay: string;
  monthWeek: MonthWeek;
  monthWeekday: Weekday;
  startTime: string;
  durationMinutes: string;
  startsOn: string;
  endsOn: string;
}

/** Weekdays in the order a week is shown, Monday first. */
export const WEEK: readonly { day: Weekday; label: string }[] = [
  { day: "monday", label: "Mon" },
  { day: "tuesday", label: "Tue" },
  { day: "wednesday", label: "Wed" },
  { day: "thursday", label: "Thu" },
  { day: "friday", label: "Fri" },
  { day: "saturday", label: "Sat" },
  { day: "sunday", label: "Sun" },
];

export const MONTH_WEEK_LABELS: Record<MonthWeek, string> = Object.fromEntries(
  MONTH_WEEKS.map((week) => [week, week.charAt(0).toUpperCase() + week.slice(1)]),
) as Record<MonthWeek, string>;

/** A new draft: once, or the rule of the window being changed. */
export function draftOf(rule: RecurrenceRule | null | undefined, today: string): RecurrenceDraft {
  return {
    repeats: rule?.frequency ?? "once",
    weekdays: rule?.weekdays ?? [],
    monthBy: rule?.month_week ? "weekday" : "day",
    monthDay: String(rule?.month_day ?? 1),
    monthWeek: rule?.month_week ?? "first",
    monthWeekday: rule?.month_weekday ?? "sunday",
    startTime: rule?.start_time ?? "02:00",
    durationMinutes: String(rule?.duration_minutes ?? 60),
    startsOn: rule?.starts_on ?? today,
    endsOn: rule?.ends_on ?? "",
  };
}

/** The rule a draft says, or the sentence saying what is wrong with it (as the server words it). */
export function ruleOf(draft: RecurrenceDraft): { rule: RecurrenceRule } | { problem: string } {
  if (draft.repeats === "once") return { problem: "The window does not repeat." };
  const monthly = draft.repeats === "monthly";
  const candidate = {
    frequency: draft.repeats,
    ...(draft.repeats === "weekly" ? { weekdays: draft.weekdays } : {}),
    ...(monthly && draft.monthBy === "day" ? { month_day: Number(draft.monthDay) } : {}),
    ...(monthly && draft.monthBy === "weekday"
      ? { month_week: draft.monthWeek, month_weekday: draft.monthWeekday }
      : {}),
    start_time: draft.startTime,
    duration_minutes: Number(draft.durationMinutes),
    starts_on: draft.startsOn,
    ends_on: draft.endsOn || null,
  };
  const parsed = recurrenceRuleSchema.safeParse(candidate);
  if (parsed.success) return { rule: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? "The rule cannot be used." };
}

/** The local day `YYYY-MM-DD` of the browser, for a new rule's first day. */
export function todayInBrowser(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
