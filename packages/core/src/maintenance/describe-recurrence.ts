import type { RecurrenceRule, Weekday } from "./recurrence-rule.ts";

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** "2 hours", "90 minutes", "1 day". */
export function describeMinutes(minutes: number): string {
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? "" : "s"}`;
  if (minutes % 1440 === 0) return unit(minutes / 1440, "day");
  if (minutes % 60 === 0) return unit(minutes / 60, "hour");
  return unit(minutes, "minute");
}

const ORDER: Weekday[] = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
];

function when(rule: RecurrenceRule): string {
  if (rule.frequency === "daily") return "Every day";
  if (rule.frequency === "weekly") {
    const days = ORDER.filter((day) => rule.weekdays?.includes(day)).map(capital);
    return `Every ${listOf(days)}`;
  }
  if (rule.month_day !== undefined) {
    const shorter = rule.month_day > 28 ? " (the last day in shorter months)" : "";
    return `Every month on day ${rule.month_day}${shorter}`;
  }
  return `Every month on the ${rule.month_week} ${capital(rule.month_weekday ?? "")}`;
}

/** The rule in a sentence: "Every Sunday at 02:00 for 2 hours, from 2027-01-03 until 2027-06-27". */
export function describeRecurrence(rule: RecurrenceRule, timeZone?: string): string {
  const zone = timeZone ? ` ${timeZone} time` : "";
  const until = rule.ends_on ? ` until ${rule.ends_on}` : "";
  return `${when(rule)} at ${rule.start_time}${zone} for ${describeMinutes(rule.duration_minutes)}, from ${rule.starts_on}${until}`;
}
