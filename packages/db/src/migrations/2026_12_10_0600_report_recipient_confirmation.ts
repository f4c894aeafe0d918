import { type Kysely, type Migration, sql } from "kysely";

interface ScheduleRow {
  id: string;
  account_id: string;
  recipients: string;
}

/**
 * Each address of a report schedule gets a row with its own confirmation, as alert channels
 * have: a report reaches only addresses that agreed. Addresses scheduled already count as
 * confirmed only when they are a member's of the account; the others wait, and get their
 * confirmation mail the next time the schedule is changed.
 */
export const reportRecipientConfirmationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("sla_report_recipients")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("schedule_id", "text", (c) =>
        c.notNull().references("sla_report_schedules.id").onDelete("cascade"),
      )
      .addColumn("address", "text", (c) => c.notNull())
      .addColumn("address_key", "text", (c) => c.notNull())
      .addColumn("confirmed_at", "bigint")
      .addColumn("confirmation_token_hash", "text")
      .addColumn("confirmation_sent_at", "bigint")
      .addUniqueConstraint("sla_report_recipients_address", ["schedule_id", "address_key"])
      .execute();
    await db.schema
      .createIndex("sla_report_recipients_token")
      .on("sla_report_recipients")
      .column("confirmation_token_hash")
      .execute();
    const schedules = await sql<ScheduleRow>`
      SELECT id, account_id, recipients FROM sla_report_schedules`.execute(db);
    for (const schedule of schedules.rows) {
      const addresses = JSON.parse(schedule.recipients) as string[];
      for (const [index, address] of addresses.entries()) {
        const key = address.toLowerCase();
        const member = await sql<{ id: string }>`
          SELECT users.id FROM memberships JOIN users ON users.id = memberships.user_id
          WHERE memberships.account_id = ${schedule.account_id} AND users.email_key = ${key}`.execute(
          db,
        );
        const confirmedAt = member.rows.length > 0 ? Date.now() : null;
        await sql`
          INSERT INTO sla_report_recipients (id, schedule_id, address, address_key, confirmed_at)
          VALUES (${`rcp_${schedule.id}_${index}`}, ${schedule.id}, ${address}, ${key}, ${confirmedAt})`.execute(
          db,
        );
      }
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("sla_report_recipients").execute();
  },
};
