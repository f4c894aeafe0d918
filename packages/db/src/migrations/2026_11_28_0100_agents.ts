import {
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  SqliteAdapter,
  sql,
} from "kysely";

const cascade = (table: string) => (c: ColumnDefinitionBuilder) =>
  c.notNull().references(`${table}.id`).onDelete("cascade");

/**
 * Agents: programs on customers' machines that report their health. Each agent has one key
 * (hashed), raw samples kept briefly and half-hour rollups kept for the charts, its services'
 * states, alert rules and channels. Alerts may now be about an agent instead of a monitor.
 */
export const agentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("agents")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", cascade("accounts"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("os", "text", (c) => c.notNull())
      .addColumn("key_lookup", "text", (c) => c.unique())
      .addColumn("key_hash", "text")
      .addColumn("key_created_at", "bigint")
      .addColumn("key_revoked_at", "bigint")
      .addColumn("offline_after_minutes", "integer", (c) => c.notNull().defaultTo(5))
      .addColumn("hostname", "text")
      .addColumn("platform", "text")
      .addColumn("arch", "text")
      .addColumn("version", "text")
      .addColumn("capabilities", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("reported_config", "text")
      .addColumn("latest_report", "text")
      .addColumn("first_report_at", "bigint")
      .addColumn("last_report_at", "bigint")
      .addColumn("offline_since", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("agents_account").on("agents").column("account_id").execute();

    await db.schema
      .createTable("agent_batches")
      .addColumn("agent_id", "text", cascade("agents"))
      .addColumn("batch_id", "text", (c) => c.notNull())
      .addColumn("received_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("agent_batches_pk", ["agent_id", "batch_id"])
      .execute();
    await db.schema
      .createIndex("agent_batches_received")
      .on("agent_batches")
      .column("received_at")
      .execute();

    await db.schema
      .createTable("agent_samples")
      .addColumn("agent_id", "text", cascade("agents"))
      .addColumn("sampled_at", "bigint", (c) => c.notNull())
      .addColumn("cpu_percent", "real", (c) => c.notNull())
      .addColumn("cores", "integer", (c) => c.notNull())
      .addColumn("load1", "real")
      .addColumn("load5", "real")
      .addColumn("load15", "real")
      .addColumn("memory_total", "bigint", (c) => c.notNull())
      .addColumn("memory_used", "bigint", (c) => c.notNull())
      .addColumn("memory_available", "bigint", (c) => c.notNull())
      .addColumn("net_rx_bps", "bigint", (c) => c.notNull())
      .addColumn("net_tx_bps", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("agent_samples_pk", ["agent_id", "sampled_at"])
      .execute();

    await db.schema
      .createTable("agent_disk_samples")
      .addColumn("agent_id", "text", cascade("agents"))
      .addColumn("mount", "text", (c) => c.notNull())
      .addColumn("sampled_at", "bigint", (c) => c.notNull())
      .addColumn("total_bytes", "bigint", (c) => c.notNull())
      .addColumn("used_bytes", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("agent_disk_samples_pk", ["agent_id", "mount", "sampled_at"])
      .execute();

    await db.schema
      .createTable("agent_rollups")
      .addColumn("agent_id", "text", cascade("agents"))
      .addColumn("period_start", "bigint", (c) => c.notNull())
      .addColumn("samples", "integer", (c) => c.notNull())
      .addColumn("cpu_sum", "real", (c) => c.notNull())
      .addColumn("cpu_max", "real", (c) => c.notNull())
      .addColumn("memory_used_percent_sum", "real", (c) => c.notNull())
      .addColumn("memory_used_percent_max", "real", (c) => c.notNull())
      .addColumn("load1_sum", "real", (c) => c.notNull())
      .addColumn("load1_max", "real")
      .addColumn("load_samples", "integer", (c) => c.notNull())
      .addColumn("net_rx_sum", "bigint", (c) => c.notNull())
      .addColumn("net_rx_max", "bigint", (c) => c.notNull())
      .addColumn("net_tx_sum", "bigint", (c) => c.notNull())
      .addColumn("net_tx_max", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("agent_rollups_pk", ["agent_id", "period_start"])
      .execute();

    await db.schema
      .createTable("agent_disk_rollups")
      .addColumn("agent_id", "text", cascade("agents"))
      .addColumn("mount", "text", (c) => c.notNull())
      .addColumn("period_start", "bigint", (c) => c.notNull())
      .addColumn("samples", "integer", (c) => c.notNull())
      .addColumn("used_percent_sum", "real", (c) => c.notNull())
      .addColumn("used_percent_max", "real", (c) => c.notNull())
      .addPrimaryKeyConstraint("agent_disk_rollups_pk", ["agent_id", "mount", "period_start"])
      .execute();

    await db.schema
      .createTable("agent_services")
      .addColumn("agent_id", "text", cascade("agents"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("since", "bigint", (c) => c.notNull())
      .addColumn("reported_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("agent_services_pk", ["agent_id", "name"])
      .execute();

    await db.schema
      .createTable("agent_alert_rules")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", cascade("accounts"))
      .addColumn("agent_id", "text", cascade("agents"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("threshold", "real", (c) => c.notNull())
      .addColumn("duration_minutes", "integer", (c) => c.notNull())
      .addColumn("severity", "text", (c) => c.notNull())
      .addColumn("disks", "text")
      .addColumn("services", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("agent_alert_rules_agent")
      .on("agent_alert_rules")
      .column("agent_id")
      .execute();

    await db.schema
      .createTable("agent_rule_breaches")
      .addColumn("rule_id", "text", cascade("agent_alert_rules"))
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("since", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("agent_rule_breaches_pk", ["rule_id", "subject"])
      .execute();

    await db.schema
      .createTable("agent_channels")
      .addColumn("agent_id", "text", cascade("agents"))
      .addColumn("channel_id", "text", cascade("channels"))
      .addPrimaryKeyConstraint("agent_channels_pk", ["agent_id", "channel_id"])
      .execute();

    await db.schema
      .createTable("agent_dependencies")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", cascade("accounts"))
      .addColumn("agent_id", "text", cascade("agents"))
      .addColumn("parent_monitor_id", "text", cascade("monitors"))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addUniqueConstraint("agent_dependencies_edge", ["agent_id", "parent_monitor_id"])
      .execute();
    await db.schema
      .createIndex("agent_dependencies_parent")
      .on("agent_dependencies")
      .column("parent_monitor_id")
      .execute();

    if (db.getExecutor().adapter instanceof SqliteAdapter) await rebuildAlertsOnSqlite(db);
    else {
      await sql`alter table alerts alter column monitor_id drop not null`.execute(db);
      await db.schema
        .alterTable("alerts")
        .addColumn("agent_id", "text", (c) => c.references("agents.id").onDelete("cascade"))
        .execute();
    }
    await createAgentAlertIndexes(db);
    for (const table of ["notifications", "notification_deliveries"]) {
      await db.schema.alterTable(table).addColumn("agent_id", "text").execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["notifications", "notification_deliveries"]) {
      await db.schema.alterTable(table).dropColumn("agent_id").execute();
    }
    await sql`delete from alerts where agent_id is not null`.execute(db);
    await db.schema.dropIndex("alerts_agent").execute();
    await db.schema.dropIndex("alerts_agent_open").execute();
    await db.schema.alterTable("alerts").dropColumn("agent_id").execute();
    for (const table of [
      "agent_dependencies",
      "agent_channels",
      "agent_rule_breaches",
      "agent_alert_rules",
      "agent_services",
      "agent_disk_rollups",
      "agent_rollups",
      "agent_disk_samples",
      "agent_samples",
      "agent_batches",
      "agents",
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};

async function createAgentAlertIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("alerts_agent").on("alerts").columns(["agent_id", "state"]).execute();
  // One open alert per agent and condition (offline, or a rule on one disk or service).
  await db.schema
    .createIndex("alerts_agent_open")
    .on("alerts")
    .columns(["agent_id", "dedupe_key"])
    .unique()
    .where(sql.ref("state"), "=", "open")
    .execute();
}

/** SQLite cannot drop a NOT NULL: the alerts table is copied into its new shape. */
async function rebuildAlertsOnSqlite(db: Kysely<unknown>): Promise<void> {
  const columns = `id, account_id, monitor_id, incident_id, kind, severity, message, dedupe_key,
    state, opened_at, acknowledged_at, resolved_at, resolution, notifications_sent, next_due_at,
    held, page_token`;
  await db.schema
    .createTable("alerts_with_agents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", cascade("accounts"))
    .addColumn("monitor_id", "text", (c) => c.references("monitors.id").onDelete("cascade"))
    .addColumn("agent_id", "text", (c) => c.references("agents.id").onDelete("cascade"))
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
  await sql
    .raw(`insert into alerts_with_agents (${columns}) select ${columns} from alerts`)
    .execute(db);
  await db.schema.dropTable("alerts").execute();
  await db.schema.alterTable("alerts_with_agents").renameTo("alerts").execute();
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
}
