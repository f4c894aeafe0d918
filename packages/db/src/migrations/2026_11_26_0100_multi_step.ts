import type { Kysely, Migration } from "kysely";

/**
 * Multi-step checks: each run's steps are kept with its result (`check_results.steps`, JSON,
 * null for other types), and each account's secure variables are stored sealed, one row per
 * name.
 */
export const multiStepMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("check_results").addColumn("steps", "text").execute();
    await db.schema
      .createTable("secure_variables")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addUniqueConstraint("secure_variables_account_name", ["account_id", "name"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("secure_variables").execute();
    await db.schema.alterTable("check_results").dropColumn("steps").execute();
  },
};
