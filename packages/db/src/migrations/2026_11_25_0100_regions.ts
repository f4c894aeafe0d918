import { type Kysely, type Migration, SqliteAdapter, sql } from "kysely";

const HISTOGRAM_COLUMNS = Array.from({ length: 16 }, (_, i) => `h${String(i).padStart(2, "0")}`);

const RESULT_COLUMNS = `monitor_id, checked_at, up, response_ms, dns_ms, connect_ms, tls_ms,
  first_byte_ms, status_code, error, region`;

/**
 * Real regions: a monitor runs from several regions (`regions`, judged by `region_rule`); each
 * result keeps the time it was planned for, so a check is identified by monitor, region and
 * planned time; response times and uptime are rolled up per region; checks no runner answered
 * are recorded as missed; runners and regions without a runner are tracked.
 */
export const regionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
    await db.schema
      .alterTable("monitors")
      .addColumn("regions", "text", (c) => c.notNull().defaultTo("[]"))
      .execute();
    await db.schema
      .alterTable("monitors")
      .addColumn("region_rule", "text", (c) => c.notNull().defaultTo("majority"))
      .execute();
    await sql`update monitors set regions = '["' || region || '"]'`.execute(db);

    // Several regions may check a monitor at the same millisecond, so the region joins the key.
    if (sqlite) await rebuildResultsOnSqlite(db);
    else {
      await sql`alter table check_results add column planned_at bigint`.execute(db);
      await sql`update check_results set planned_at = checked_at`.execute(db);
      await sql`alter table check_results alter column planned_at set not null`.execute(db);
      await sql`alter table check_results drop constraint check_results_pk`.execute(db);
      await sql`alter table check_results add constraint check_results_pk
        primary key (monitor_id, checked_at, region)`.execute(db);
    }
    // A redelivered check, or a result repeated after a failover, is stored once.
    await db.schema
      .createIndex("check_results_identity")
      .on("check_results")
      .columns(["monitor_id", "planned_at", "region"])
      .unique()
      .execute();

    let regionRollups = db.schema
      .createTable("check_region_rollups")
      .addColumn("monitor_id", "text", (c) =>
        c.notNull().references("monitors.id").onDelete("cascade"),
      )
      .addColumn("region", "text", (c) => c.notNull())
      .addColumn("bucket_seconds", "integer", (c) => c.notNull())
      .addColumn("period_start", "bigint", (c) => c.notNull());
    for (const column of [
      "checks",
      "up_checks",
      "missed",
      "response_sum",
      "response_count",
      ...HISTOGRAM_COLUMNS,
    ]) {
      regionRollups = regionRollups.addColumn(column, "bigint", (c) => c.notNull().defaultTo(0));
    }
    await regionRollups
      .addPrimaryKeyConstraint("check_region_rollups_pk", [
        "monitor_id",
        "region",
        "bucket_seconds",
        "period_start",
      ])
      .$call((builder) => (sqlite ? builder.modifyEnd(sql`without rowid`) : builder))
      .execute();
    // Until now every monitor ran from its one region, so its rollups are that region's.
    const histogram = HISTOGRAM_COLUMNS.join(", ");
    await sql
      .raw(`insert into check_region_rollups (monitor_id, region, bucket_seconds, period_start,
          checks, up_checks, response_sum, response_count, ${histogram})
        select r.monitor_id, m.region, r.bucket_seconds, r.period_start, r.checks, r.up_checks,
          r.response_sum, r.response_count, ${HISTOGRAM_COLUMNS.map((c) => `r.${c}`).join(", ")}
        from check_rollups r join monitors m on m.id = r.monitor_id`)
      .execute(db);

    await db.schema
      .createTable("missed_checks")
      .addColumn("monitor_id", "text", (c) =>
        c.notNull().references("monitors.id").onDelete("cascade"),
      )
      .addColumn("region", "text", (c) => c.notNull())
      .addColumn("planned_at", "bigint", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("missed_checks_pk", ["monitor_id", "planned_at", "region"])
      .$call((builder) => (sqlite ? builder.modifyEnd(sql`without rowid`) : builder))
      .execute();

    await db.schema
      .createTable("runners")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("region", "text", (c) => c.notNull())
      .addColumn("token_hash", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("revoked_at", "bigint")
      .addColumn("last_seen_at", "bigint")
      .addColumn("version", "text")
      .execute();
    await db.schema.createIndex("runners_region").on("runners").column("region").execute();

    await db.schema
      .createTable("region_outages")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("region", "text", (c) => c.notNull())
      .addColumn("started_at", "bigint", (c) => c.notNull())
      .addColumn("ended_at", "bigint")
      .addColumn("notified_at", "bigint")
      .execute();
    await db.schema
      .createIndex("region_outages_region")
      .on("region_outages")
      .columns(["region", "started_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["region_outages", "runners", "missed_checks", "check_region_rollups"]) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.dropIndex("check_results_identity").execute();
    await db.schema.alterTable("check_results").dropColumn("planned_at").execute();
    if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
      await sql`alter table check_results drop constraint check_results_pk`.execute(db);
      await sql`alter table check_results add constraint check_results_pk
        primary key (monitor_id, checked_at)`.execute(db);
    }
    await db.schema.alterTable("monitors").dropColumn("region_rule").execute();
    await db.schema.alterTable("monitors").dropColumn("regions").execute();
  },
};

/** SQLite cannot change a primary key: the table is copied into its new shape. */
async function rebuildResultsOnSqlite(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("check_results_by_region")
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
    .addColumn("planned_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("check_results_pk", ["monitor_id", "checked_at", "region"])
    .modifyEnd(sql`without rowid`)
    .execute();
  await sql
    .raw(`insert into check_results_by_region (${RESULT_COLUMNS}, planned_at)
      select ${RESULT_COLUMNS}, checked_at from check_results`)
    .execute(db);
  await db.schema.dropTable("check_results").execute();
  await db.schema.alterTable("check_results_by_region").renameTo("check_results").execute();
}
