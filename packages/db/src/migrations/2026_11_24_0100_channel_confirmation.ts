import { type Kysely, type Migration, sql } from "kysely";

/**
 * An e-mail channel to someone outside the account receives nothing until its recipient confirms
 * it (a single-use link, stored as a SHA-256 of its token); channels that exist already count as
 * confirmed. `channel_sends` records the tests and confirmation mails each account asked for, so
 * their cooldowns hold across restarts and server processes.
 */
export const channelConfirmationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("channels").addColumn("confirmed_at", "bigint").execute();
    await db.schema.alterTable("channels").addColumn("confirmation_token_hash", "text").execute();
    await db.schema.alterTable("channels").addColumn("confirmation_sent_at", "bigint").execute();
    await sql`UPDATE channels SET confirmed_at = created_at`.execute(db);
    await db.schema
      .createIndex("channels_confirmation_token")
      .on("channels")
      .column("confirmation_token_hash")
      .execute();

    await db.schema
      .createTable("channel_sends")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("channel_id", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("sent_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("channel_sends_account")
      .on("channel_sends")
      .columns(["account_id", "sent_at"])
      .execute();
    await db.schema
      .createIndex("channel_sends_channel")
      .on("channel_sends")
      .columns(["channel_id", "sent_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("channel_sends").execute();
    await db.schema.dropIndex("channels_confirmation_token").execute();
    for (const column of ["confirmation_sent_at", "confirmation_token_hash", "confirmed_at"]) {
      await db.schema.alterTable("channels").dropColumn(column).execute();
    }
  },
};
