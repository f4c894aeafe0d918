import {
  MAX_OCCURRENCE_MINUTES,
  occurrencesWithin,
  parseRecurrenceRule,
  parseSkipped,
  type StoredWindow,
} from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import {
  type EndingWindowRow,
  type MonitorWindowRow,
  readEndingWindowRows,
  readMonitorWindowRows,
} from "./maintenance-window-rows.ts";

/** Monitors asked about in one query, kept under the databases' limits on bound values. */
const CHUNK = 400;
const LONGEST_OCCURRENCE_MS = MAX_OCCURRENCE_MINUTES.weekly * 60_000;

/** A maintenance window (or one occurrence of a recurring one) as it bears on one monitor. */
export interface MonitorMaintenanceWindow {
  id: string;
  title: string;
  startsAt: number;
  endsAt: number;
}

/** Reads stored windows once per call, however many monitors share them. */
function storedWindowReader() {
  const cache = new Map<string, StoredWindow>();
  return (row: Omit<MonitorWindowRow, "monitor_id" | "title">): StoredWindow => {
    let window = cache.get(row.id);
    if (!window) {
      window = {
        startsAt: Number(row.starts_at),
        endsAt: Number(row.ends_at),
        rule: parseRecurrenceRule(row.recurrence),
        skipped: parseSkipped(row.skipped),
      };
      cache.set(row.id, window);
    }
    return window;
  };
}

/**
 * The maintenance windows under way at some moment from `span.from` to `span.to` (a window
 * ends just before its end) that cover each monitor: status page windows through a component
 * linked to it, windows of the monitor or of its groups, and every occurrence of a recurring
 * window in the span (read in its account's time zone, skipped ones left out). A monitor with
 * none is absent.
 */
export async function loadMonitorMaintenanceWindows(
  db: Kysely<Database>,
  monitorIds: readonly string[],
  span: { from: number; to: number },
): Promise<Map<string, MonitorMaintenanceWindow[]>> {
  const windows = new Map<string, MonitorMaintenanceWindow[]>();
  const unique = [...new Set(monitorIds)];
  const stored = storedWindowReader();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await readMonitorWindowRows(db, unique.slice(i, i + CHUNK), span);
    for (const row of rows) {
      const list = windows.get(row.monitor_id) ?? [];
      for (const occurrence of occurrencesWithin(stored(row), row.time_zone, span)) {
        const known = list.some(
          (window) => window.id === row.id && window.startsAt === occurrence.startsAt,
        );
        if (!known) list.push({ id: row.id, title: row.title, ...occurrence });
      }
      if (list.length > 0) windows.set(row.monitor_id, list);
    }
  }
  for (const list of windows.values()) list.sort((a, b) => a.startsAt - b.startsAt);
  return windows;
}

/**
 * The monitors of maintenance windows, or occurrences of recurring ones, that ended in
 * `(since, until]`: their held alerts may be due now. A window ended early is found the same way.
 */
export async function monitorsOfEndedWindows(
  db: Kysely<Database>,
  since: number,
  until: number,
): Promise<string[]> {
  const rows = await readEndingWindowRows(db, since, until, LONGEST_OCCURRENCE_MS);
  const stored = storedWindowReader();
  const monitors = new Set<string>();
  const span = { from: since - LONGEST_OCCURRENCE_MS, to: until };
  const ended = (row: EndingWindowRow) =>
    occurrencesWithin(stored(row), row.time_zone, span).some(
      (occurrence) => occurrence.endsAt > since && occurrence.endsAt <= until,
    );
  for (const row of rows)
    if (!monitors.has(row.monitor_id) && ended(row)) monitors.add(row.monitor_id);
  return [...monitors];
}
