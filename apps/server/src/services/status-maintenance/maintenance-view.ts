import type { MAINTENANCE_STATUSES } from "@upwatch/api";
import type { Database, StatusMaintenanceTable } from "@upwatch/db";
import type { Kysely, Selectable, Transaction } from "kysely";
import { NotFoundError } from "../service-error.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/** A maintenance window with its components and its status at the time it was read. */
export interface MaintenanceView {
  maintenance: Selectable<StatusMaintenanceTable>;
  status: MaintenanceStatus;
  components: { componentId: string; name: string }[];
}

/** Where a window stands at `now`: cancelled, scheduled, in progress or completed. */
export function maintenanceStatus(
  window: Pick<StatusMaintenanceTable, "starts_at" | "ends_at" | "cancelled_at">,
  now: number,
): MaintenanceStatus {
  if (window.cancelled_at !== null) return "cancelled";
  if (now < Number(window.starts_at)) return "scheduled";
  if (now < Number(window.ends_at)) return "in_progress";
  return "completed";
}

/** The page's window with that id; NotFoundError otherwise. */
export async function loadMaintenance(
  db: Db,
  pageId: string,
  maintenanceId: string,
  now: number,
): Promise<MaintenanceView> {
  const row = await db
    .selectFrom("status_maintenances")
    .selectAll()
    .where("id", "=", maintenanceId)
    .where("page_id", "=", pageId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("maintenance window");
  const [view] = await viewMaintenances(db, [row], now);
  return view as MaintenanceView;
}

/** The views of some windows, in the order given. */
export async function viewMaintenances(
  db: Db,
  rows: Selectable<StatusMaintenanceTable>[],
  now: number,
): Promise<MaintenanceView[]> {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom("status_maintenance_components as mc")
    .innerJoin("status_components as c", "c.id", "mc.component_id")
    .select(["mc.maintenance_id", "c.id", "c.name", "c.position"])
    .where(
      "mc.maintenance_id",
      "in",
      rows.map((row) => row.id),
    )
    .orderBy("c.position")
    .execute();
  return rows.map((maintenance) => ({
    maintenance,
    status: maintenanceStatus(maintenance, now),
    components: links
      .filter((link) => link.maintenance_id === maintenance.id)
      .map((link) => ({ componentId: link.id, name: link.name })),
  }));
}
