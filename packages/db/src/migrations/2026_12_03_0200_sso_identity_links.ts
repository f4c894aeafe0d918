import type { Kysely, Migration } from "kysely";

/**
 * Single sign-on signs in only people linked to the account's provider: a session it starts is
 * confined to that account (`sessions.confined_account_id`), and an address that already has a
 * sign-in waits, as a pending link, for that person's own password (and second factor) before
 * the provider's identity is linked to them.
 */
export const ssoIdentityLinksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("sessions")
      .addColumn("confined_account_id", "text", (c) =>
        c.references("accounts.id").onDelete("cascade"),
      )
      .execute();
    await db.schema
      .createTable("sso_pending_links")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("sso_pending_links").execute();
    await db.schema.alterTable("sessions").dropColumn("confined_account_id").execute();
  },
};
