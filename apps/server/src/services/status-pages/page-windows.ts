import type { MaintenanceWindow } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";

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
    .select(["m.id", "m.page_id", "m.title", "m.message", "m.starts_at", "m.ends_at"])
    .select("mc.component_id")
    .where("m.page_id", "in", pageIds)
    .where("m.ends_at", ">", now)
    .where("m.cancelled_at", "is", null)
    .orderBy("m.starts_at")
    .orderBy("m.id")
    .execute();
  const byId = new Map<string, OpenWindow>();
  for (const row of rows) {
    let window = byId.get(row.id);
    if (!window) {
      window = {
        id: row.id,
        pageId: row.page_id,
        title: row.title,
        message: row.message,
        startsAt: Number(row.starts_at),
        endsAt: Number(row.ends_at),
        cancelled: false,
        componentIds: [],
      };
      byId.set(row.id, window);
    }
    if (row.component_id) window.componentIds.push(row.component_id);
  }
  return [...byId.values()];
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
