import type { Kysely, Migration } from "kysely";

/** The offline watch looks for reporting agents not yet offline, oldest report first. */
export const agentOfflineIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("agents_offline_watch")
      .on("agents")
      .columns(["offline_since", "last_report_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("agents_offline_watch").execute();
  },
};
