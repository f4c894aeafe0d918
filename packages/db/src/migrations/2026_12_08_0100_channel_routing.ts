import type { Kysely, Migration } from "kysely";

const EVERY_SEVERITY = "critical,warning,info";

/** Attachment tables whose rows say which severities the attached channel receives. */
const ATTACHMENTS = ["monitor_channels", "monitor_group_channels", "agent_channels"] as const;

/**
 * Routing by severity and quiet hours: each attachment of a channel (and its use on new
 * monitors) says which alert severities it receives, every one by default so that existing
 * channels go on receiving everything; a channel may have quiet hours for all but critical alerts.
 */
export const channelRoutingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ATTACHMENTS) {
      await db.schema
        .alterTable(table)
        .addColumn("severities", "text", (c) => c.notNull().defaultTo(EVERY_SEVERITY))
        .execute();
    }
    await db.schema
      .alterTable("channels")
      .addColumn("new_monitor_severities", "text", (c) => c.notNull().defaultTo(EVERY_SEVERITY))
      .execute();
    await db.schema.alterTable("channels").addColumn("quiet_hours", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("channels").dropColumn("quiet_hours").execute();
    await db.schema.alterTable("channels").dropColumn("new_monitor_severities").execute();
    for (const table of ATTACHMENTS) {
      await db.schema.alterTable(table).dropColumn("severities").execute();
    }
  },
};
