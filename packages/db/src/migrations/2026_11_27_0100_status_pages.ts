import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";

const cascade = (table: string) => (c: ColumnDefinitionBuilder) =>
  c.notNull().references(`${table}.id`).onDelete("cascade");

/**
 * Public status pages: each page's sections, components (linked to monitors), incidents told in
 * updates, maintenance windows, subscribers and the notices queued for them. `version` on a
 * page moves with every change of what its visitors see, so caches know when to refresh.
 */
export const statusPagesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("status_pages")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", cascade("accounts"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("headline", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("accent_color", "text")
      .addColumn("website_url", "text")
      .addColumn("support_url", "text")
      .addColumn("white_label", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("custom_domain", "text", (c) => c.unique())
      .addColumn("logo_type", "text")
      .addColumn("logo_hash", "text")
      .addColumn("version", "bigint", (c) => c.notNull().defaultTo(1))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("status_pages_account")
      .on("status_pages")
      .column("account_id")
      .execute();

    await db.schema
      .createTable("status_page_logos")
      .addColumn("page_id", "text", (c) =>
        c.primaryKey().references("status_pages.id").onDelete("cascade"),
      )
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("bytes_base64", "text", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("status_sections")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("page_id", "text", cascade("status_pages"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("status_sections_page")
      .on("status_sections")
      .column("page_id")
      .execute();

    await db.schema
      .createTable("status_components")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("page_id", "text", cascade("status_pages"))
      .addColumn("section_id", "text", (c) =>
        c.references("status_sections.id").onDelete("set null"),
      )
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("follow_monitors", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("state_changed_at", "bigint", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("status_components_page")
      .on("status_components")
      .column("page_id")
      .execute();

    await db.schema
      .createTable("status_component_monitors")
      .addColumn("component_id", "text", cascade("status_components"))
      .addColumn("monitor_id", "text", cascade("monitors"))
      .addPrimaryKeyConstraint("status_component_monitors_pk", ["component_id", "monitor_id"])
      .execute();
    await db.schema
      .createIndex("status_component_monitors_monitor")
      .on("status_component_monitors")
      .column("monitor_id")
      .execute();

    await db.schema
      .createTable("status_incidents")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("page_id", "text", cascade("status_pages"))
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("stage", "text", (c) => c.notNull())
      .addColumn("started_at", "bigint", (c) => c.notNull())
      .addColumn("resolved_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("status_incidents_page")
      .on("status_incidents")
      .columns(["page_id", "started_at"])
      .execute();

    await db.schema
      .createTable("status_incident_updates")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("incident_id", "text", cascade("status_incidents"))
      .addColumn("stage", "text", (c) => c.notNull())
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("components", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("status_incident_updates_incident")
      .on("status_incident_updates")
      .columns(["incident_id", "created_at"])
      .execute();

    await db.schema
      .createTable("status_maintenances")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("page_id", "text", cascade("status_pages"))
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("starts_at", "bigint", (c) => c.notNull())
      .addColumn("ends_at", "bigint", (c) => c.notNull())
      .addColumn("cancelled_at", "bigint")
      .addColumn("announced_at", "bigint")
      .addColumn("started_notice_at", "bigint")
      .addColumn("ended_notice_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("status_maintenances_page")
      .on("status_maintenances")
      .columns(["page_id", "ends_at"])
      .execute();
    await db.schema
      .createIndex("status_maintenances_ends")
      .on("status_maintenances")
      .column("ends_at")
      .execute();

    await db.schema
      .createTable("status_maintenance_components")
      .addColumn("maintenance_id", "text", cascade("status_maintenances"))
      .addColumn("component_id", "text", cascade("status_components"))
      .addPrimaryKeyConstraint("status_maintenance_components_pk", [
        "maintenance_id",
        "component_id",
      ])
      .execute();
    await db.schema
      .createIndex("status_maintenance_components_component")
      .on("status_maintenance_components")
      .column("component_id")
      .execute();

    await db.schema
      .createTable("status_subscribers")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("page_id", "text", cascade("status_pages"))
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("email_key", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("confirmation_sent_at", "bigint")
      .addColumn("confirmed_at", "bigint")
      .addColumn("unsubscribed_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addUniqueConstraint("status_subscribers_page_email", ["page_id", "email_key"])
      .execute();

    await db.schema
      .createTable("status_notices")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("page_id", "text", cascade("status_pages"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("subscriber_cursor", "text")
      .addColumn("done_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("status_notices_done")
      .on("status_notices")
      .column("done_at")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      "status_notices",
      "status_subscribers",
      "status_maintenance_components",
      "status_maintenances",
      "status_incident_updates",
      "status_incidents",
      "status_component_monitors",
      "status_components",
      "status_sections",
      "status_page_logos",
      "status_pages",
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
