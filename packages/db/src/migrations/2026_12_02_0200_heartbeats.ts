import type { Kysely, Migration } from "kysely";

/**
 * Heartbeat monitors: each has a secret ping URL. The token is found by its SHA-256 hash and
 * kept sealed under the secrets key, so people who can see the monitor can read its URL again.
 * `due_at` is when the next ping must arrive; the sweep finds overdue heartbeats by it.
 */
export const heartbeatsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("heartbeats")
      .addColumn("monitor_id", "text", (c) =>
        c.primaryKey().references("monitors.id").onDelete("cascade"),
      )
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("token_sealed", "text", (c) => c.notNull())
      .addColumn("due_at", "bigint", (c) => c.notNull())
      .addColumn("last_ping_at", "bigint")
      .addColumn("last_started_at", "bigint")
      .addColumn("last_run_ms", "bigint")
      .addColumn("last_signal", "text")
      .addColumn("last_body", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("heartbeats_due").on("heartbeats").column("due_at").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("heartbeats").execute();
  },
};
