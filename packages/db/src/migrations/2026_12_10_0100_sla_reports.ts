import type { Kysely, Migration } from "kysely";

/**
 * SLA report schedules: an account's reports mailed on the first day of each month, and one row
 * per schedule and month sent, whose key is the claim that sends each month's report once.
 */
export const slaReportsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("sla_report_schedules")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("subject_type", "text", (c) => c.notNull())
      .addColumn("subject_id", "text", (c) => c.notNull())
      .addColumn("target_thousandths", "integer", (c) => c.notNull())
      .addColumn("recipients", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("sla_report_schedules_account")
      .on("sla_report_schedules")
      .column("account_id")
      .execute();
    await db.schema
      .createTable("sla_report_sends")
      .addColumn("schedule_id", "text", (c) =>
        c.notNull().references("sla_report_schedules.id").onDelete("cascade"),
      )
      .addColumn("month", "text", (c) => c.notNull())
      .addColumn("sent_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("sla_report_sends_pk", ["schedule_id", "month"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("sla_report_sends").execute();
    await db.schema.dropTable("sla_report_schedules").execute();
  },
};
