import type { Kysely, Migration } from "kysely";

/**
 * The account's time zone (an IANA name), in which calendar months and recurring maintenance
 * rules are read; existing accounts keep UTC, which is what they were shown until now.
 */
export const recurringMaintenanceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("accounts")
      .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("UTC"))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("accounts").dropColumn("time_zone").execute();
  },
};
