import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";

const cascade = (table: string) => (c: ColumnDefinitionBuilder) =>
  c.notNull().references(`${table}.id`).onDelete("cascade");

/**
 * Maintenance windows of monitors and groups without a status page, and recurrence on both
 * kinds: a rule (JSON) read in the account's time zone, expanded when read, with the starts of
 * skipped occurrences (JSON). A series' `starts_at`/`ends_at` bound its occurrences.
 */
export const maintenanceWindowsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("maintenance_windows")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", cascade("accounts"))
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("starts_at", "bigint", (c) => c.notNull())
      .addColumn("ends_at", "bigint", (c) => c.notNull())
      .addColumn("recurrence", "text")
      .addColumn("skipped", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("maintenance_windows_account")
      .on("maintenance_windows")
      .columns(["account_id", "ends_at"])
      .execute();
    await db.schema
      .createIndex("maintenance_windows_ends")
      .on("maintenance_windows")
      .column("ends_at")
      .execute();
    await db.schema
      .createTable("maintenance_window_monitors")
      .addColumn("window_id", "text", cascade("maintenance_windows"))
      .addColumn("monitor_id", "text", cascade("monitors"))
      .addPrimaryKeyConstraint("maintenance_window_monitors_pk", ["window_id", "monitor_id"])
      .execute();
    await db.schema
      .createIndex("maintenance_window_monitors_monitor")
      .on("maintenance_window_monitors")
      .column("monitor_id")
      .execute();
    await db.schema
      .createTable("maintenance_window_groups")
      .addColumn("window_id", "text", cascade("maintenance_windows"))
      .addColumn("group_id", "text", cascade("monitor_groups"))
      .addPrimaryKeyConstraint("maintenance_window_groups_pk", ["window_id", "group_id"])
      .execute();
    await db.schema
      .createIndex("maintenance_window_groups_group")
      .on("maintenance_window_groups")
      .column("group_id")
      .execute();
    await db.schema.alterTable("status_maintenances").addColumn("recurrence", "text").execute();
    await db.schema.alterTable("status_maintenances").addColumn("skipped", "text").execute();
    // The last occurrence boundary the page was refreshed for, so visitors see it begin and end.
    await db.schema
      .alterTable("status_maintenances")
      .addColumn("boundary_seen_at", "bigint")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ["boundary_seen_at", "skipped", "recurrence"]) {
      await db.schema.alterTable("status_maintenances").dropColumn(column).execute();
    }
    for (const table of [
      "maintenance_window_groups",
      "maintenance_window_monitors",
      "maintenance_windows",
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
