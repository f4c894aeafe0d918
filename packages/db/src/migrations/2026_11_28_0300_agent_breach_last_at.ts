import { type Kysely, type Migration, sql } from "kysely";

/**
 * A rule's breach remembers its latest sample, so a gap in the reports (longer than two
 * intervals) starts the count again: every sample of the duration must be over.
 */
export const agentBreachLastAtMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("agent_rule_breaches").addColumn("last_at", "bigint").execute();
    await sql`UPDATE agent_rule_breaches SET last_at = since`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("agent_rule_breaches").dropColumn("last_at").execute();
  },
};
