import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";

const cascade = (table: string) => (c: ColumnDefinitionBuilder) =>
  c.notNull().references(`${table}.id`).onDelete("cascade");

/**
 * Proxy monitoring: a monitor may run from one of its account's agents instead of regions, and
 * each of its planned checks becomes a task the agent collects, runs and answers.
 */
export const agentTasksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("monitors")
      .addColumn("run_from", "text", (c) => c.notNull().defaultTo("regions"))
      .execute();
    // Set to null when the agent is deleted; `run_from` stays `agent`, so the monitor shows
    // that it has lost its runner instead of quietly running from a region.
    await db.schema
      .alterTable("monitors")
      .addColumn("agent_id", "text", (c) => c.references("agents.id").onDelete("set null"))
      .execute();
    await db.schema.createIndex("monitors_agent").on("monitors").column("agent_id").execute();

    await db.schema
      .createTable("agent_tasks")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", cascade("accounts"))
      .addColumn("agent_id", "text", cascade("agents"))
      .addColumn("monitor_id", "text", cascade("monitors"))
      .addColumn("kind", "text", (c) => c.notNull().defaultTo("check"))
      .addColumn("planned_at", "bigint", (c) => c.notNull())
      .addColumn("deadline_at", "bigint", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("check_type", "text", (c) => c.notNull())
      .addColumn("spec", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("dispatched_at", "bigint")
      .addColumn("dispatch_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("started_at", "bigint")
      .addColumn("finished_at", "bigint")
      .addColumn("result", "text")
      .addColumn("late_result", "text")
      .addColumn("late_at", "bigint")
      .addColumn("log", "text", (c) => c.notNull().defaultTo("[]"))
      .addUniqueConstraint("agent_tasks_planned", ["monitor_id", "planned_at"])
      .execute();
    await db.schema
      .createIndex("agent_tasks_queue")
      .on("agent_tasks")
      .columns(["agent_id", "state", "planned_at"])
      .execute();
    await db.schema
      .createIndex("agent_tasks_deadline")
      .on("agent_tasks")
      .columns(["state", "deadline_at"])
      .execute();
    await db.schema
      .createIndex("agent_tasks_history")
      .on("agent_tasks")
      .columns(["agent_id", "created_at"])
      .execute();
    await db.schema
      .createIndex("agent_tasks_prune")
      .on("agent_tasks")
      .column("created_at")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("agent_tasks").execute();
    await db.schema.dropIndex("monitors_agent").execute();
    await db.schema.alterTable("monitors").dropColumn("agent_id").execute();
    await db.schema.alterTable("monitors").dropColumn("run_from").execute();
  },
};
