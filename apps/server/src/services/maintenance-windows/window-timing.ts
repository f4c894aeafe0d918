import {
  OPEN_ENDED_SERIES_END,
  occurrencesWithin,
  parseRecurrenceRule,
  parseSkipped,
  type RecurrenceRule,
  type StoredWindow,
  seriesEnd,
  upcomingOccurrences,
} from "@upwatch/core";
import { ServiceError } from "../service-error.ts";
import { MAX_LEAD_MS, requireValidWindow } from "../status-maintenance/maintenance-rules.ts";

const DAY_MS = 86_400_000;

/** A window's stored timing: one window's bounds, or a series' bounds with its rule (JSON). */
export interface WindowTiming {
  startsAt: number;
  endsAt: number;
  recurrence: string | null;
}

/** What a request says of a window's timing; `recurrence` wins when present. */
export interface TimingInput {
  starts_at?: string | undefined;
  ends_at?: string | undefined;
  recurrence?: RecurrenceRule | null | undefined;
}

/**
 * The timing to store for a request. One window must end in the future and last at most 7
 * days; a series is stored from its occurrence under way or next (occurrences over before it
 * was made are not covered) until its last occurrence ends, far ahead when it has no end.
 */
export function resolveTiming(input: TimingInput, zone: string, now: number): WindowTiming {
  if (!input.recurrence) {
    const startsAt = Date.parse(input.starts_at ?? "");
    const endsAt = Date.parse(input.ends_at ?? "");
    requireValidWindow(startsAt, endsAt, now);
    return { startsAt, endsAt, recurrence: null };
  }
  const rule = input.recurrence;
  const [first] = upcomingOccurrences(rule, zone, now, 1);
  if (!first) {
    throw new ServiceError(
      "invalid",
      "The rule has no occurrence still to come: choose a later recurrence.ends_on, or other days.",
    );
  }
  if (first.startsAt > now + MAX_LEAD_MS) {
    throw new ServiceError("invalid", "The first occurrence can be at most 366 days ahead.");
  }
  return {
    startsAt: first.startsAt,
    endsAt: seriesEnd(rule, zone) ?? OPEN_ENDED_SERIES_END,
    recurrence: JSON.stringify(rule),
  };
}

/** A stored row's window, ready to expand. */
export function storedWindowOf(row: {
  starts_at: number | string;
  ends_at: number | string;
  recurrence: string | null;
  skipped: string | null;
}): StoredWindow {
  return {
    startsAt: Number(row.starts_at),
    endsAt: Number(row.ends_at),
    rule: parseRecurrenceRule(row.recurrence),
    skipped: parseSkipped(row.skipped),
  };
}

/** The occurrence under way at `now` and the next ones, at most `count`. */
export function nextOccurrencesOf(window: StoredWindow, zone: string, now: number, count = 5) {
  return occurrencesWithin(window, zone, { from: now, to: now + 400 * DAY_MS }, count).filter(
    (occurrence) => occurrence.endsAt > now,
  );
}

/** Where a window stands at `now`, from its next occurrences. */
export function windowStatus(
  window: StoredWindow,
  zone: string,
  now: number,
): "scheduled" | "in_progress" | "completed" {
  const [next] = nextOccurrencesOf(window, zone, now, 1);
  if (!next) return now < window.startsAt ? "scheduled" : "completed";
  return next.startsAt <= now ? "in_progress" : "scheduled";
}
