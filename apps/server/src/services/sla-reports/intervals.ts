/** A stretch of time from `start` (inclusive) to `end` (exclusive), in epoch milliseconds. */
export interface Interval {
  start: number;
  end: number;
}

/** The intervals sorted, with overlapping and touching ones merged and empty ones dropped. */
export function unionOf(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ start: interval.start, end: interval.end });
  }
  return merged;
}

/** The parts of `intervals` inside `within`. */
export function clipTo(intervals: readonly Interval[], within: Interval): Interval[] {
  return unionOf(
    intervals.map((i) => ({
      start: Math.max(i.start, within.start),
      end: Math.min(i.end, within.end),
    })),
  );
}

/** The parts of `from` that none of `remove` covers. */
export function subtract(from: readonly Interval[], remove: readonly Interval[]): Interval[] {
  const holes = unionOf(remove);
  const left: Interval[] = [];
  for (const interval of unionOf(from)) {
    let cursor = interval.start;
    for (const hole of holes) {
      if (hole.end <= cursor || hole.start >= interval.end) continue;
      if (hole.start > cursor) left.push({ start: cursor, end: hole.start });
      cursor = Math.max(cursor, hole.end);
    }
    if (cursor < interval.end) left.push({ start: cursor, end: interval.end });
  }
  return left;
}

/** How long the intervals last together, counting overlaps once. */
export function lengthOf(intervals: readonly Interval[]): number {
  return unionOf(intervals).reduce((total, i) => total + (i.end - i.start), 0);
}
