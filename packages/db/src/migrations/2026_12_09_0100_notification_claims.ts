import type { Kysely, Migration } from "kysely";

/**
 * The delivery worker reads the notifications it just claimed by their claim token; without an
 * index each claim read the whole queue, which keeps 30 days of finished notifications.
 */
export const notificationClaimsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("notifications_claim")
      .on("notifications")
      .column("claim_token")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("notifications_claim").execute();
  },
};
