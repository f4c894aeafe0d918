import { expandOccurrences, MAX_OCCURRENCES, type Occurrence } from "./expand-recurrence.ts";
import type { RecurrenceRule } from "./recurrence-rule.ts";

/** The stored end of a series whose rule has no last day: far past any span asked about. */
export const OPEN_ENDED_SERIES_END = Date.UTC(9999, 11, 31);

/** The most skipped occurrences one window keeps. */
export const MAX_SKIPPED_OCCURRENCES = 200;

/**
 * A stored maintenance window: one window from `startsAt` until just before `endsAt`, or, with a
 * rule, the rule's occurrences that start in those bounds (cut at `endsAt`), less the skipped.
 */
export interface StoredWindow {
  startsAt: number;
  endsAt: number;
  rule: RecurrenceRule | null;
  skipped: ReadonlySet<number>;
}

/** The window's occurrences under way at some moment from `span.from` to `span.to`, earliest first. */
export function occurrencesWithin(
  window: StoredWindow,
  zone: string,
  span: { from: number; to: number },
  limit = MAX_OCCURRENCES,
): Occurrence[] {
  if (window.endsAt <= span.from || window.startsAt > span.to) return [];
  if (!window.rule) return [{ startsAt: window.startsAt, endsAt: window.endsAt }];
  const bounded = {
    from: Math.max(span.from, window.startsAt),
    to: Math.min(span.to, window.endsAt),
  };
  return expandOccurrences(window.rule, zone, bounded, window.skipped, limit)
    .filter((occurrence) => occurrence.startsAt >= window.startsAt)
    .map((occurrence) => ({
      startsAt: occurrence.startsAt,
      endsAt: Math.min(occurrence.endsAt, window.endsAt),
    }));
}

/** Skipped occurrence starts as stored (a JSON array); empty for none or anything unreadable. */
export function parseSkipped(text: string | null): Set<number> {
  if (!text) return new Set();
  try {
    const list: unknown = JSON.parse(text);
    return new Set(Array.isArray(list) ? list.filter((item) => Number.isFinite(item)) : []);
  } catch {
    return new Set();
  }
}
