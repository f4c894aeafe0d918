import { WIDGET_TYPES, type WidgetType } from "@upwatch/core";
import type { DashboardTable, DashboardWidgetTable, Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import { readStoredJson } from "../../records/stored-json.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A stored widget: its kind, settings as saved, and its place on the grid. */
export interface DashboardWidgetRecord {
  id: string;
  type: WidgetType;
  title: string | null;
  settings: Record<string, unknown>;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface DashboardRecord {
  id: string;
  accountId: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  /** In reading order: by row, then column. */
  widgets: DashboardWidgetRecord[];
}

/** A board's widgets in reading order; a row of a kind this server does not know is left out. */
export async function readWidgets(db: Db, dashboardId: string): Promise<DashboardWidgetRecord[]> {
  const rows = await db
    .selectFrom("dashboard_widgets")
    .selectAll()
    .where("dashboard_id", "=", dashboardId)
    .orderBy("y")
    .orderBy("x")
    .execute();
  return rows.flatMap((row) => {
    const widget = widgetOf(row);
    return widget ? [widget] : [];
  });
}

function widgetOf(row: DashboardWidgetTable): DashboardWidgetRecord | null {
  if (!(WIDGET_TYPES as readonly string[]).includes(row.type)) return null;
  return {
    id: row.id,
    type: row.type as WidgetType,
    title: row.title,
    settings: readStoredJson<Record<string, unknown>>(row.settings) ?? {},
    x: Number(row.x),
    y: Number(row.y),
    w: Number(row.w),
    h: Number(row.h),
  };
}

/** A board row with its widgets. */
export async function dashboardRecord(db: Db, row: DashboardTable): Promise<DashboardRecord> {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    widgets: await readWidgets(db, row.id),
  };
}
