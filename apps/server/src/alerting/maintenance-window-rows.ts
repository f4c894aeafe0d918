import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** A stored window (one window or a series) as it bears on one monitor. */
export interface MonitorWindowRow {
  monitor_id: string;
  id: string;
  title: string;
  starts_at: number | string;
  ends_at: number | string;
  recurrence: string | null;
  skipped: string | null;
  time_zone: string;
}

type Span = { from: number; to: number };

/**
 * The stored windows that may be under way in `span` for these monitors: status page windows
 * through the components linked to them, and windows of the monitors or of their groups.
 */
export async function readMonitorWindowRows(
  db: Kysely<Database>,
  monitorIds: readonly string[],
  span: Span,
): Promise<MonitorWindowRow[]> {
  const pageRows = await db
    .selectFrom("status_component_monitors as cm")
    .innerJoin("status_maintenance_components as mc", "mc.component_id", "cm.component_id")
    .innerJoin("status_maintenances as m", "m.id", "mc.maintenance_id")
    .innerJoin("status_pages as p", "p.id", "m.page_id")
    .innerJoin("accounts as a", "a.id", "p.account_id")
    .select(["cm.monitor_id", "m.id", "m.title", "m.starts_at", "m.ends_at"])
    .select(["m.recurrence", "m.skipped", "a.time_zone"])
    .where("cm.monitor_id", "in", monitorIds)
    .where("m.cancelled_at", "is", null)
    .where("m.ends_at", ">", span.from)
    .where("m.starts_at", "<=", span.to)
    .execute();
  const monitorRows = await db
    .selectFrom("maintenance_window_monitors as wm")
    .innerJoin("maintenance_windows as w", "w.id", "wm.window_id")
    .innerJoin("accounts as a", "a.id", "w.account_id")
    .select(["wm.monitor_id", "w.id", "w.title", "w.starts_at", "w.ends_at"])
    .select(["w.recurrence", "w.skipped", "a.time_zone"])
    .where("wm.monitor_id", "in", monitorIds)
    .where("w.ends_at", ">", span.from)
    .where("w.starts_at", "<=", span.to)
    .execute();
  const groupRows = await db
    .selectFrom("monitor_group_members as gm")
    .innerJoin("maintenance_window_groups as wg", "wg.group_id", "gm.group_id")
    .innerJoin("maintenance_windows as w", "w.id", "wg.window_id")
    .innerJoin("accounts as a", "a.id", "w.account_id")
    .select(["gm.monitor_id", "w.id", "w.title", "w.starts_at", "w.ends_at"])
    .select(["w.recurrence", "w.skipped", "a.time_zone"])
    .where("gm.monitor_id", "in", monitorIds)
    .where("w.ends_at", ">", span.from)
    .where("w.starts_at", "<=", span.to)
    .execute();
  return [...pageRows, ...monitorRows, ...groupRows];
}

/** A stored window that may have an occurrence ending in a span, with the monitors it covers. */
export interface EndingWindowRow {
  id: string;
  starts_at: number | string;
  ends_at: number | string;
  recurrence: string | null;
  skipped: string | null;
  time_zone: string;
  monitor_id: string;
}

/**
 * Windows with an end in `(since, until]` if they are one window, or any series under way
 * then (whose occurrences the caller expands), each row with one monitor it covers.
 */
export async function readEndingWindowRows(
  db: Kysely<Database>,
  since: number,
  until: number,
  longestOccurrenceMs: number,
): Promise<EndingWindowRow[]> {
  const seriesFrom = since - longestOccurrenceMs;
  const pageRows = await db
    .selectFrom("status_maintenances as m")
    .innerJoin("status_maintenance_components as mc", "mc.maintenance_id", "m.id")
    .innerJoin("status_component_monitors as cm", "cm.component_id", "mc.component_id")
    .innerJoin("status_pages as p", "p.id", "m.page_id")
    .innerJoin("accounts as a", "a.id", "p.account_id")
    .select(["m.id", "m.starts_at", "m.ends_at", "m.recurrence", "m.skipped", "a.time_zone"])
    .select("cm.monitor_id")
    .where("m.cancelled_at", "is", null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb("m.recurrence", "is", null),
          eb("m.ends_at", ">", since),
          eb("m.ends_at", "<=", until),
        ]),
        eb.and([
          eb("m.recurrence", "is not", null),
          eb("m.ends_at", ">", seriesFrom),
          eb("m.starts_at", "<=", until),
        ]),
      ]),
    )
    .execute();
  const windows = await db
    .selectFrom("maintenance_windows as w")
    .innerJoin("accounts as a", "a.id", "w.account_id")
    .select(["w.id", "w.starts_at", "w.ends_at", "w.recurrence", "w.skipped", "a.time_zone"])
    .where((eb) =>
      eb.or([
        eb.and([
          eb("w.recurrence", "is", null),
          eb("w.ends_at", ">", since),
          eb("w.ends_at", "<=", until),
        ]),
        eb.and([
          eb("w.recurrence", "is not", null),
          eb("w.ends_at", ">", seriesFrom),
          eb("w.starts_at", "<=", until),
        ]),
      ]),
    )
    .execute();
  const covered = await monitorsOfWindows(
    db,
    windows.map((window) => window.id),
  );
  const fromOwn = windows.flatMap((window) =>
    (covered.get(window.id) ?? []).map((monitorId) => ({ ...window, monitor_id: monitorId })),
  );
  return [...pageRows, ...fromOwn];
}

/** The monitors each window covers, by itself or through its groups. */
async function monitorsOfWindows(
  db: Kysely<Database>,
  windowIds: readonly string[],
): Promise<Map<string, string[]>> {
  const covered = new Map<string, string[]>();
  if (windowIds.length === 0) return covered;
  const direct = await db
    .selectFrom("maintenance_window_monitors")
    .select(["window_id", "monitor_id"])
    .where("window_id", "in", windowIds)
    .execute();
  const viaGroups = await db
    .selectFrom("maintenance_window_groups as wg")
    .innerJoin("monitor_group_members as gm", "gm.group_id", "wg.group_id")
    .select(["wg.window_id", "gm.monitor_id"])
    .where("wg.window_id", "in", windowIds)
    .execute();
  for (const row of [...direct, ...viaGroups]) {
    const list = covered.get(row.window_id) ?? [];
    if (!list.includes(row.monitor_id)) list.push(row.monitor_id);
    covered.set(row.window_id, list);
  }
  return covered;
}
