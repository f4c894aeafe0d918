import type { Kysely, Migration } from "kysely";

const TABLES = ["check_rollups", "check_region_rollups"] as const;

/**
 * Rollups keep the fastest and slowest response of their period, so a percentile read from the
 * histogram never names a time outside what was measured. Older rows have none (null).
 */
export const responseRangeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of TABLES) {
      await db.schema.alterTable(table).addColumn("response_min", "integer").execute();
      await db.schema.alterTable(table).addColumn("response_max", "integer").execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of TABLES) {
      await db.schema.alterTable(table).dropColumn("response_max").execute();
      await db.schema.alterTable(table).dropColumn("response_min").execute();
    }
  },
};
