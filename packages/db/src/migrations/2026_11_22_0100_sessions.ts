import type { Kysely, Migration } from "kysely";

/**
 * Signing in: users' password hashes (empty for users made by the admin command until they reset
 * it), browser sessions and password-reset tokens, each stored only as a SHA-256 of its token.
 */
export const sessionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("users").addColumn("password_hash", "text").execute();

    await db.schema
      .createTable("sessions")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("last_seen_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();
    await db.schema.createIndex("sessions_account").on("sessions").column("account_id").execute();
    await db.schema.createIndex("sessions_expires").on("sessions").column("expires_at").execute();

    await db.schema
      .createTable("password_resets")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("used_at", "bigint")
      .execute();
    await db.schema
      .createIndex("password_resets_user")
      .on("password_resets")
      .columns(["user_id", "created_at"])
      .execute();
    await db.schema
      .createIndex("password_resets_expires")
      .on("password_resets")
      .column("expires_at")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("password_resets").execute();
    await db.schema.dropTable("sessions").execute();
    await db.schema.alterTable("users").dropColumn("password_hash").execute();
  },
};
