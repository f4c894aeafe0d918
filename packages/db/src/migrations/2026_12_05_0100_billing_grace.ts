import type { Kysely, Migration } from "kysely";

/**
 * A subscription whose payment failed keeps when the first failure of the unpaid run happened,
 * so the plan is kept for a grace period counted from it and the account knows until when.
 */
export const billingGraceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("billing_subscriptions")
      .addColumn("payment_failed_at", "bigint")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("billing_subscriptions").dropColumn("payment_failed_at").execute();
  },
};
