import type { MAINTENANCE_STATUSES } from "@upwatch/api";
import type { Database, StatusMaintenanceTable } from "@upwatch/db";
import type { Kysely, Selectable, Transaction } from "kysely";
import { recurrenceFactsOf } from "../maintenance-windows/window-record.ts";
import { storedWindowOf, windowStatus } from "../maintenance-windows/window-timing.ts";
import { NotFoundError } from "../service-error.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/** A maintenance window with its components and its status at the time it was read. */
export interface MaintenanceView {
  maintenance: Selectable<StatusMaintenanceTable>;
  status: MaintenanceStatus;
  components: { componentId: string; name: string }[];
  /** The rule, its coming occurrences and skips, read in the account's time zone. */
  recurrence: ReturnType<typeof recurrenceFactsOf>;
}

/**
 * Where a window stands at `now`: cancelled, scheduled, in progress or completed; a recurring
 * one by its occurrence under way or next.
 */
export function maintenanceStatus(
  window: Pick<Selectable<StatusMaintenanceTable>, "starts_at" | "ends_at" | "cancelled_at"> &
    Partial<Pick<Selectable<StatusMaintenanceTable>, "recurrence" | "skipped">>,
  now: number,
  zone = "UTC",
): MaintenanceStatus {
  if (window.cancelled_at !== null) return "cancelled";
  if (window.recurrence) {
    const stored = storedWindowOf({
      ...window,
      skipped: window.skipped ?? null,
      recurrence: window.recurrence,
    });
    return windowStatus(stored, zone, now);
  }
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
  const zones = await pageTimeZones(
    db,
    rows.map((row) => row.page_id),
  );
  return rows.map((maintenance) => ({
    maintenance,
    status: maintenanceStatus(maintenance, now, zones.get(maintenance.page_id)),
    recurrence: openFacts(
      maintenance,
      recurrenceFactsOf(storedWindowOf(maintenance), zones.get(maintenance.page_id) ?? "UTC", now),
    ),
    components: links
      .filter((link) => link.maintenance_id === maintenance.id)
      .map((link) => ({ componentId: link.id, name: link.name })),
  }));
}

/** The time zone of each page's account. */
export async function pageTimeZones(
  db: Db,
  pageIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("status_pages as p")
    .innerJoin("accounts as a", "a.id", "p.account_id")
    .select(["p.id", "a.time_zone"])
    .where("p.id", "in", [...new Set(pageIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.time_zone]));
}

/** The times a notice tells: the window's, or for a series its first occurrence's. */
export function firstOccurrence(view: MaintenanceView, startsAt: number, endsAt: number) {
  const [first] = view.recurrence.next_occurrences;
  return first
    ? { startsAt: Date.parse(first.starts_at), endsAt: Date.parse(first.ends_at) }
    : { startsAt, endsAt };
}

/** A cancelled window has no occurrences to come, whatever its rule says. */
function openFacts(
  maintenance: Selectable<StatusMaintenanceTable>,
  facts: ReturnType<typeof recurrenceFactsOf>,
): ReturnType<typeof recurrenceFactsOf> {
  return maintenance.cancelled_at === null ? facts : { ...facts, next_occurrences: [] };
}
