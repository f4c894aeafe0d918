import type { Kysely, Migration } from "kysely";

/**
 * An account's own history length (null: the default of plans whose history is the account's
 * choice), and monitor badges: a monitor with a row here has public badges, found by the SHA-256
 * of their key and the key kept sealed to show the URLs again. No row: no badge answers.
 */
export const retentionBadgesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("accounts").addColumn("history_days", "integer").execute();
    await db.schema
      .createTable("monitor_badges")
      .addColumn("monitor_id", "text", (c) =>
        c.primaryKey().references("monitors.id").onDelete("cascade"),
      )
      .addColumn("key_hash", "text", (c) => c.notNull().unique())
      .addColumn("key_sealed", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("monitor_badges").execute();
    await db.schema.alterTable("accounts").dropColumn("history_days").execute();
  },
};
