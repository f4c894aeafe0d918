import { type Kysely, type Migration, SqliteAdapter, sql } from "kysely";

/** Histogram buckets of the rollups: `h00` to `h15` (see ROLLUP_BUCKET_BOUNDS_MS). */
const HISTOGRAM_COLUMNS = Array.from({ length: 16 }, (_, i) => `h${String(i).padStart(2, "0")}`);

/** Monitors, their raw check results, and hourly and daily rollups of those results. */
export const monitorsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
    await db.schema
      .createTable("monitors")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("target", "text", (c) => c.notNull())
      .addColumn("interval_seconds", "integer", (c) => c.notNull())
      .addColumn("timeout_seconds", "integer", (c) => c.notNull())
      .addColumn("region", "text", (c) => c.notNull())
      .addColumn("failure_threshold", "integer", (c) => c.notNull())
      .addColumn("paused", "integer", (c) => c.notNull())
      .addColumn("group_name", "text")
      .addColumn("options", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("consecutive_failures", "integer", (c) => c.notNull())
      .addColumn("consecutive_successes", "integer", (c) => c.notNull())
      .addColumn("last_checked_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("monitors_account").on("monitors").column("account_id").execute();

    // One row per check, keyed by monitor and time; on SQLite the key is the table itself.
    await db.schema
      .createTable("check_results")
      .addColumn("monitor_id", "text", (c) =>
        c.notNull().references("monitors.id").onDelete("cascade"),
      )
      .addColumn("checked_at", "bigint", (c) => c.notNull())
      .addColumn("up", "smallint", (c) => c.notNull())
      .addColumn("response_ms", "integer")
      .addColumn("dns_ms", "integer")
      .addColumn("connect_ms", "integer")
      .addColumn("tls_ms", "integer")
      .addColumn("first_byte_ms", "integer")
      .addColumn("status_code", "smallint")
      .addColumn("error", "text")
      .addColumn("region", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("check_results_pk", ["monitor_id", "checked_at"])
      .$call((builder) => (sqlite ? builder.modifyEnd(sql`without rowid`) : builder))
      .execute();

    let rollups = db.schema
      .createTable("check_rollups")
      .addColumn("monitor_id", "text", (c) =>
        c.notNull().references("monitors.id").onDelete("cascade"),
      )
      .addColumn("bucket_seconds", "integer", (c) => c.notNull())
      .addColumn("period_start", "bigint", (c) => c.notNull());
    for (const column of [
      "checks",
      "up_checks",
      "response_sum",
      "response_count",
      "dns_sum",
      "dns_count",
      "connect_sum",
      "connect_count",
      "tls_sum",
      "tls_count",
      "first_byte_sum",
      "first_byte_count",
      ...HISTOGRAM_COLUMNS,
    ]) {
      rollups = rollups.addColumn(column, "bigint", (c) => c.notNull().defaultTo(0));
    }
    await rollups
      .addPrimaryKeyConstraint("check_rollups_pk", ["monitor_id", "bucket_seconds", "period_start"])
      .$call((builder) => (sqlite ? builder.modifyEnd(sql`without rowid`) : builder))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["check_rollups", "check_results", "monitors"]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
