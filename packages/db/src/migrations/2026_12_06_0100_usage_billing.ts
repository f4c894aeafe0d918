import type { Kysely, Migration } from "kysely";

/**
 * A usage charge keeps the Stripe invoice that billed it and when it was marked, so a month of
 * messages is billed once and a charge recorded too late for its month is still found.
 */
export const usageBillingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("usage_charges").addColumn("billed_invoice_id", "text").execute();
    await db.schema.alterTable("usage_charges").addColumn("billed_at", "bigint").execute();
    await db.schema
      .createIndex("usage_charges_unbilled")
      .on("usage_charges")
      .columns(["billed_at", "item", "recorded_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("usage_charges_unbilled").execute();
    await db.schema.alterTable("usage_charges").dropColumn("billed_at").execute();
    await db.schema.alterTable("usage_charges").dropColumn("billed_invoice_id").execute();
  },
};
