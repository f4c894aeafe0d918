import type { MAINTENANCE_STATUSES } from "@upwatch/api";
import { STATUS_PAGE_LIMITS } from "@upwatch/core";

export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/** The words for a window's status. */
export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  scheduled: "Scheduled",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

const pad = (value: number) => String(value).padStart(2, "0");

/** A time as a `datetime-local` field's value ("2026-12-01T02:00") in the browser's zone. */
export function toLocalInput(time: Date | string): string {
  const date = typeof time === "string" ? new Date(time) : time;
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value, read in the browser's zone, as an ISO time; undefined if empty. */
export function fromLocalInput(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Why a window's start and end cannot be used (per field), checked as the server will. */
export function windowProblems(
  start: string,
  end: string,
  now: number,
  isNew: boolean,
): { starts_at?: string; ends_at?: string } {
  const startsAt = fromLocalInput(start);
  const endsAt = fromLocalInput(end);
  if (!startsAt) return { starts_at: "Enter when the maintenance starts." };
  if (!endsAt) return { ends_at: "Enter when the maintenance ends." };
  const from = Date.parse(startsAt);
  const to = Date.parse(endsAt);
  if (to <= from) return { ends_at: "The end must be after the start." };
  if (to - from > STATUS_PAGE_LIMITS.maintenanceMaxMs) {
    return { ends_at: "A maintenance window can last at most 7 days." };
  }
  if (isNew && to <= now) return { ends_at: "The end must be in the future." };
  if (from - now > STATUS_PAGE_LIMITS.maintenanceAheadMs) {
    return { starts_at: "Maintenance can be scheduled at most a year ahead." };
  }
  return {};
}

/** A suggested window for a new form: the next full hour, for one hour. */
export function suggestedWindow(now: number): { start: string; end: string } {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  const end = new Date(start.getTime() + 3_600_000);
  return { start: toLocalInput(start), end: toLocalInput(end) };
}
