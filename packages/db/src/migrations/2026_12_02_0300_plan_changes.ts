import type { Kysely, Migration } from "kysely";

/**
 * Moving to a smaller plan: a notice per change listing what it did, until someone dismisses it;
 * monitors remember being paused by the plan (not by a person) and, sealed, the settings the plan
 * held back, so a later upgrade gives them back.
 */
export const planChangesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("plan_changes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("from_plan", "text", (c) => c.notNull())
      .addColumn("to_plan", "text", (c) => c.notNull())
      .addColumn("changes", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("dismissed_at", "bigint")
      .addColumn("dismissed_by", "text", (c) => c.references("users.id").onDelete("set null"))
      .execute();
    await db.schema
      .createIndex("plan_changes_account")
      .on("plan_changes")
      .columns(["account_id", "created_at"])
      .execute();
    await db.schema
      .alterTable("monitors")
      .addColumn("paused_by_plan", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("monitors").addColumn("plan_held", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("monitors").dropColumn("plan_held").execute();
    await db.schema.alterTable("monitors").dropColumn("paused_by_plan").execute();
    await db.schema.dropTable("plan_changes").execute();
  },
};
