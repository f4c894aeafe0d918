import type { Kysely, Migration } from "kysely";

/**
 * Billing through Stripe: each account's Stripe customer, its subscriptions as the last applied
 * event left them, and the webhook events already applied, so each applies once. No card data.
 */
export const billingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("billing_customers")
      .addColumn("account_id", "text", (c) =>
        c.primaryKey().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("customer_id", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("billing_subscriptions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("customer_id", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("plan", "text")
      .addColumn("price_id", "text")
      .addColumn("interval", "text")
      .addColumn("extra_monitors", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("extra_agents", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("status_page_add_on", "text")
      .addColumn("current_period_end", "bigint")
      .addColumn("cancel_at_period_end", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("first_paid_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("event_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("billing_subscriptions_account")
      .on("billing_subscriptions")
      .columns(["account_id", "created_at"])
      .execute();
    await db.schema
      .createTable("billing_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("applied_at", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("billing_events").execute();
    await db.schema.dropTable("billing_subscriptions").execute();
    await db.schema.dropTable("billing_customers").execute();
  },
};
