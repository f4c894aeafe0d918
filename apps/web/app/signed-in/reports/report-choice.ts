import type { ReportQuery } from "./reports-api.ts";

/** What a report can be about. */
export type SubjectType = ReportQuery["subject_type"];

/** The kinds of subject in the order the picker offers them, with their names. */
export const SUBJECT_TYPES: ReadonlyArray<{ type: SubjectType; label: string }> = [
  { type: "monitor", label: "Monitor" },
  { type: "group", label: "Group" },
  { type: "agent", label: "Agent" },
  { type: "status_page", label: "Status page" },
];

/** The report the screen shows, as its address keeps it. */
export interface ReportChoice {
  subjectType: SubjectType;
  subjectId: string;
  /** `2026-11`, or empty for a custom range. */
  month: string;
  /** Dates `2026-11-03` of a custom range, the end included. */
  from: string;
  to: string;
  target: string;
}

const DEFAULT_TARGET = "99.9";

/** `2026-11` for a date's month in UTC. */
export function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The current month and the eleven before it, newest first. */
export function recentMonths(now: Date, count = 12): string[] {
  return Array.from({ length: count }, (_, back) =>
    monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))),
  );
}

/** "November 2026". */
export function monthName(month: string): string {
  const [year, index] = month.split("-").map(Number);
  return new Date(Date.UTC(year!, index! - 1, 1)).toLocaleString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The choice an address holds; a missing month is the one before `now`'s. */
export function choiceOf(search: URLSearchParams, now: Date): ReportChoice {
  const type = search.get("type") ?? "monitor";
  const custom = search.has("from") || search.has("to");
  return {
    subjectType: SUBJECT_TYPES.find((kind) => kind.type === type)?.type ?? "monitor",
    subjectId: search.get("id") ?? "",
    month: custom ? "" : (search.get("month") ?? recentMonths(now, 2)[1]!),
    from: search.get("from") ?? "",
    to: search.get("to") ?? "",
    target: search.get("target") ?? DEFAULT_TARGET,
  };
}

/** The address's query for a choice. */
export function searchOf(choice: ReportChoice): URLSearchParams {
  const search = new URLSearchParams({ type: choice.subjectType, id: choice.subjectId });
  if (choice.month) search.set("month", choice.month);
  else {
    search.set("from", choice.from);
    search.set("to", choice.to);
  }
  if (choice.target !== DEFAULT_TARGET) search.set("target", choice.target);
  return search;
}

/** The API's query for a choice, or why it cannot be asked yet. */
export function reportQueryOf(choice: ReportChoice): { query: ReportQuery } | { problem: string } {
  if (!choice.subjectId) return { problem: "Choose what to report on." };
  const target = Number(choice.target);
  if (!(target > 0 && target < 100)) {
    return { problem: "The target must be a percentage above 0 and below 100, such as 99.9." };
  }
  const base = {
    subject_type: choice.subjectType,
    subject_id: choice.subjectId,
    target,
  };
  if (choice.month) return { query: { ...base, month: choice.month } };
  if (!choice.from || !choice.to)
    return { problem: "Choose the first and last day of the period." };
  if (choice.to < choice.from) return { problem: "The last day must not be before the first." };
  const end = new Date(`${choice.to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return {
    query: { ...base, from: `${choice.from}T00:00:00Z`, to: end.toISOString() },
  };
}
