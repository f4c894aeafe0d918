import type { MaintenanceWindow, Occurrence } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import { nextOccurrencesOf, storedWindowOf } from "../maintenance-windows/window-timing.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A maintenance window that is announced or under way, with what visitors are told of it. */
export interface OpenWindow extends MaintenanceWindow {
  id: string;
  pageId: string;
  title: string;
  message: string;
  componentIds: string[];
}

/** The pages' windows that are neither over nor cancelled at `now`, earliest start first. */
export async function readOpenWindows(
  db: Db,
  pageIds: readonly string[],
  now: number,
): Promise<OpenWindow[]> {
  if (pageIds.length === 0) return [];
  const rows = await db
    .selectFrom("status_maintenances as m")
    .leftJoin("status_maintenance_components as mc", "mc.maintenance_id", "m.id")
    .innerJoin("status_pages as p", "p.id", "m.page_id")
    .innerJoin("accounts as a", "a.id", "p.account_id")
    .select(["m.id", "m.page_id", "m.title", "m.message", "m.starts_at", "m.ends_at"])
    .select(["m.recurrence", "m.skipped", "a.time_zone", "mc.component_id"])
    .where("m.page_id", "in", pageIds)
    .where("m.ends_at", ">", now)
    .where("m.cancelled_at", "is", null)
    .orderBy("m.starts_at")
    .orderBy("m.id")
    .execute();
  const byId = new Map<string, { row: (typeof rows)[number]; componentIds: string[] }>();
  for (const row of rows) {
    let window = byId.get(row.id);
    if (!window) {
      window = { row, componentIds: [] };
      byId.set(row.id, window);
    }
    if (row.component_id) window.componentIds.push(row.component_id);
  }
  const open = [...byId.values()].flatMap(({ row, componentIds }) =>
    shownOccurrences(row, now).map((occurrence) => ({
      id: row.recurrence ? `${row.id}-${occurrence.startsAt}` : row.id,
      pageId: row.page_id,
      title: row.title,
      message: row.message,
      ...occurrence,
      cancelled: false,
      componentIds,
    })),
  );
  return open.sort((a, b) => a.startsAt - b.startsAt || a.id.localeCompare(b.id));
}

/**
 * What visitors see of a window: itself, or of a series the occurrence under way (if any) and
 * the next one, as scheduled maintenance; later ones appear as earlier ones pass.
 */
function shownOccurrences(
  row: Parameters<typeof storedWindowOf>[0] & { time_zone: string },
  now: number,
): Occurrence[] {
  const window = storedWindowOf(row);
  if (!window.rule) return [{ startsAt: window.startsAt, endsAt: window.endsAt }];
  const [first, second] = nextOccurrencesOf(window, row.time_zone, now, 2);
  if (!first) return [];
  return first.startsAt <= now && second ? [first, second] : [first];
}

/** The pages' maintenance windows that have not ended at `now`, by page id. */
export async function loadOpenWindows(
  db: Db,
  pageIds: readonly string[],
  now: number,
): Promise<Map<string, MaintenanceWindow[]>> {
  const byPage = new Map<string, MaintenanceWindow[]>();
  for (const window of await readOpenWindows(db, pageIds, now)) {
    byPage.set(window.pageId, [...(byPage.get(window.pageId) ?? []), window]);
  }
  return byPage;
}
