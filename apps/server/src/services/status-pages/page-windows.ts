import type { MaintenanceWindow } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";

type Db = Kysely<Database> | Transaction<Database>;

/** The pages' maintenance windows that have not ended at `now`, by page id. */
export async function loadOpenWindows(
  db: Db,
  pageIds: readonly string[],
  now: number,
): Promise<Map<string, MaintenanceWindow[]>> {
  const byPage = new Map<string, MaintenanceWindow[]>();
  if (pageIds.length === 0) return byPage;
  const rows = await db
    .selectFrom("status_maintenances as m")
    .leftJoin("status_maintenance_components as mc", "mc.maintenance_id", "m.id")
    .select(["m.id", "m.page_id", "m.starts_at", "m.ends_at", "m.cancelled_at", "mc.component_id"])
    .where("m.page_id", "in", pageIds)
    .where("m.ends_at", ">", now)
    .where("m.cancelled_at", "is", null)
    .execute();
  const byId = new Map<string, MaintenanceWindow & { componentIds: string[] }>();
  for (const row of rows) {
    let window = byId.get(row.id);
    if (!window) {
      window = {
        startsAt: Number(row.starts_at),
        endsAt: Number(row.ends_at),
        cancelled: row.cancelled_at !== null,
        componentIds: [],
      };
      byId.set(row.id, window);
      const list = byPage.get(row.page_id) ?? [];
      list.push(window);
      byPage.set(row.page_id, list);
    }
    if (row.component_id) window.componentIds.push(row.component_id);
  }
  return byPage;
}
