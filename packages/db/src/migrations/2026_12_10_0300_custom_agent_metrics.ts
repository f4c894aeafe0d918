import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";

const cascade = (table: string) => (c: ColumnDefinitionBuilder) =>
  c.notNull().references(`${table}.id`).onDelete("cascade");

/**
 * Custom agent metrics: the series an agent reports from its operator's commands and textfiles
 * (name and labels), their raw values kept briefly and half-hour rollups kept for the charts,
 * when an agent's were last refused by its account's plan, and alert rules on a custom metric.
 */
export const customAgentMetricsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("agent_custom_series")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("agent_id", "text", cascade("agents"))
      .addColumn("series_key", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("labels", "text", (c) => c.notNull())
      .addColumn("first_seen_at", "bigint", (c) => c.notNull())
      .addColumn("last_seen_at", "bigint", (c) => c.notNull())
      .addColumn("last_value", "double precision")
      .addUniqueConstraint("agent_custom_series_key", ["agent_id", "series_key"])
      .execute();

    await db.schema
      .createTable("agent_custom_samples")
      .addColumn("series_id", "text", cascade("agent_custom_series"))
      .addColumn("agent_id", "text", (c) => c.notNull())
      .addColumn("sampled_at", "bigint", (c) => c.notNull())
      .addColumn("value", "double precision")
      .addPrimaryKeyConstraint("agent_custom_samples_pk", ["series_id", "sampled_at"])
      .execute();
    await db.schema
      .createIndex("agent_custom_samples_agent")
      .on("agent_custom_samples")
      .columns(["agent_id", "sampled_at"])
      .execute();

    await db.schema
      .createTable("agent_custom_rollups")
      .addColumn("series_id", "text", cascade("agent_custom_series"))
      .addColumn("agent_id", "text", (c) => c.notNull())
      .addColumn("period_start", "bigint", (c) => c.notNull())
      .addColumn("samples", "integer", (c) => c.notNull())
      .addColumn("value_sum", "double precision", (c) => c.notNull())
      .addColumn("value_min", "double precision")
      .addColumn("value_max", "double precision")
      .addPrimaryKeyConstraint("agent_custom_rollups_pk", ["series_id", "period_start"])
      .execute();
    await db.schema
      .createIndex("agent_custom_rollups_agent")
      .on("agent_custom_rollups")
      .columns(["agent_id", "period_start"])
      .execute();

    await db.schema.alterTable("agents").addColumn("custom_metrics_refused_at", "bigint").execute();
    await db.schema.alterTable("agent_alert_rules").addColumn("metric", "text").execute();
    await db.schema.alterTable("agent_alert_rules").addColumn("labels", "text").execute();
    await db.schema.alterTable("agent_alert_rules").addColumn("comparison", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("agent_alert_rules").dropColumn("comparison").execute();
    await db.schema.alterTable("agent_alert_rules").dropColumn("labels").execute();
    await db.schema.alterTable("agent_alert_rules").dropColumn("metric").execute();
    await db.schema.alterTable("agents").dropColumn("custom_metrics_refused_at").execute();
    await db.schema.dropTable("agent_custom_rollups").execute();
    await db.schema.dropTable("agent_custom_samples").execute();
    await db.schema.dropTable("agent_custom_series").execute();
  },
};
