import type { Kysely, Migration } from "kysely";

/**
 * Custom dashboards: an account's boards, each board's widgets (a kind, its settings as JSON and
 * its place on a 12-column grid) and the read-only share links that show a board without signing
 * in, stored like API keys: a lookup part and a SHA-256 of the whole token.
 */
export const dashboardsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("dashboards")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("dashboards_account")
      .on("dashboards")
      .columns(["account_id", "created_at"])
      .execute();

    await db.schema
      .createTable("dashboard_widgets")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("dashboard_id", "text", (c) =>
        c.notNull().references("dashboards.id").onDelete("cascade"),
      )
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("title", "text")
      .addColumn("settings", "text", (c) => c.notNull())
      .addColumn("x", "integer", (c) => c.notNull())
      .addColumn("y", "integer", (c) => c.notNull())
      .addColumn("w", "integer", (c) => c.notNull())
      .addColumn("h", "integer", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("dashboard_widgets_dashboard")
      .on("dashboard_widgets")
      .column("dashboard_id")
      .execute();

    await db.schema
      .createTable("dashboard_share_links")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("dashboard_id", "text", (c) =>
        c.notNull().references("dashboards.id").onDelete("cascade"),
      )
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("lookup", "text", (c) => c.notNull().unique())
      .addColumn("secret_hash", "text", (c) => c.notNull())
      .addColumn("created_by", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint")
      .addColumn("last_used_at", "bigint")
      .addColumn("revoked_at", "bigint")
      .execute();
    await db.schema
      .createIndex("dashboard_share_links_dashboard")
      .on("dashboard_share_links")
      .column("dashboard_id")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("dashboard_share_links").execute();
    await db.schema.dropTable("dashboard_widgets").execute();
    await db.schema.dropTable("dashboards").execute();
  },
};
