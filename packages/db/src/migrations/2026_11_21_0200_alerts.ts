import type { Kysely, Migration } from "kysely";

/**
 * Alerting state: each monitor's recovery confirmations, incidents (one per outage), alerts with
 * their escalation, and dependencies between monitors.
 */
export const alertsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("monitors")
      .addColumn("recovery_confirmations", "integer", (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable("incidents")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("monitor_id", "text", (c) =>
        c.notNull().references("monitors.id").onDelete("cascade"),
      )
      .addColumn("started_at", "bigint", (c) => c.notNull())
      .addColumn("ended_at", "bigint")
      .addColumn("cause", "text", (c) => c.notNull())
      .addColumn("status_code", "integer")
      .execute();
    await db.schema
      .createIndex("incidents_monitor")
      .on("incidents")
      .columns(["monitor_id", "started_at"])
      .execute();

    await db.schema
      .createTable("alerts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("monitor_id", "text", (c) =>
        c.notNull().references("monitors.id").onDelete("cascade"),
      )
      .addColumn("incident_id", "text")
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("severity", "text", (c) => c.notNull())
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("dedupe_key", "text")
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("opened_at", "bigint", (c) => c.notNull())
      .addColumn("acknowledged_at", "bigint")
      .addColumn("resolved_at", "bigint")
      .addColumn("resolution", "text")
      .addColumn("notifications_sent", "integer", (c) => c.notNull())
      .addColumn("next_due_at", "bigint")
      .addColumn("held", "integer", (c) => c.notNull())
      .addColumn("page_token", "text", (c) => c.notNull().unique())
      .execute();
    await db.schema
      .createIndex("alerts_due")
      .on("alerts")
      .columns(["state", "held", "next_due_at"])
      .execute();
    await db.schema
      .createIndex("alerts_account")
      .on("alerts")
      .columns(["account_id", "opened_at"])
      .execute();
    await db.schema
      .createIndex("alerts_monitor")
      .on("alerts")
      .columns(["monitor_id", "state"])
      .execute();
    await db.schema
      .createIndex("alerts_dedupe")
      .on("alerts")
      .columns(["monitor_id", "dedupe_key"])
      .unique()
      .execute();

    await db.schema
      .createTable("dependencies")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("child_monitor_id", "text", (c) =>
        c.notNull().references("monitors.id").onDelete("cascade"),
      )
      .addColumn("parent_monitor_id", "text", (c) =>
        c.notNull().references("monitors.id").onDelete("cascade"),
      )
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addUniqueConstraint("dependencies_edge", ["child_monitor_id", "parent_monitor_id"])
      .execute();
    await db.schema
      .createIndex("dependencies_parent")
      .on("dependencies")
      .column("parent_monitor_id")
      .execute();
    await db.schema
      .createIndex("dependencies_account")
      .on("dependencies")
      .column("account_id")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["dependencies", "alerts", "incidents"]) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.alterTable("monitors").dropColumn("recovery_confirmations").execute();
  },
};
