import type { Kysely, Migration } from "kysely";

/**
 * When subscribers were told a maintenance window was scheduled. Only a window announced to
 * them is later mailed as cancelled or rescheduled; windows stored before this column existed
 * count as not announced, since nothing recorded it.
 */
export const maintenanceAnnouncementsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("status_maintenances").addColumn("announced_at", "bigint").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("status_maintenances").dropColumn("announced_at").execute();
  },
};
