import type { Kysely, Migration } from "kysely";

/** Contact messages, newsletter subscribers, the mail outbox and the server's own secrets. */
export const formsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("server_secrets")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("contact_messages")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("ip", "text")
      .addColumn("user_agent", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("contact_messages_created_at")
      .on("contact_messages")
      .column("created_at")
      .execute();

    await db.schema
      .createTable("newsletter_subscribers")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("email_key", "text", (c) => c.notNull().unique())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addColumn("confirmation_sent_at", "bigint")
      .addColumn("confirmed_at", "bigint")
      .addColumn("unsubscribed_at", "bigint")
      .execute();

    await db.schema
      .createTable("outbox")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("recipient", "text", (c) => c.notNull())
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
      .addColumn("locked_until", "bigint")
      .addColumn("claim_token", "text")
      .addColumn("last_error", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("sent_at", "bigint")
      .execute();
    await db.schema
      .createIndex("outbox_due")
      .on("outbox")
      .columns(["status", "next_attempt_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      "outbox",
      "newsletter_subscribers",
      "contact_messages",
      "server_secrets",
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
