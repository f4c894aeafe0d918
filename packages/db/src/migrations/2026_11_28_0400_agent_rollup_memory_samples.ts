import { type Kysely, type Migration, sql } from "kysely";

/**
 * Half-hour rollups count the samples that carried a memory total, so a sample without one
 * weighs nothing in the memory average, as in the charts read from raw samples.
 */
export const agentRollupMemorySamplesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("agent_rollups")
      .addColumn("memory_samples", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update agent_rollups set memory_samples = samples`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("agent_rollups").dropColumn("memory_samples").execute();
  },
};
