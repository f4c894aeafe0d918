import { type Kysely, type Migration, sql } from "kysely";

/**
 * The account that owns the server: the first one made on it. Under REGISTRATION=first-account
 * its row closes sign-up to everyone else, and its owners hear what the operator must fix. A
 * server that already has accounts is owned by the oldest.
 */
export const serverOwnerMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("server_owner")
      .addColumn("slot", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await sql`
      INSERT INTO server_owner (slot, account_id, created_at)
      SELECT 'owner', id, created_at FROM accounts ORDER BY created_at, id LIMIT 1
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("server_owner").execute();
  },
};
