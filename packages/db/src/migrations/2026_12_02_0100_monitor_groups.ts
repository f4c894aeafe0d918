import { randomBytes } from "node:crypto";
import { type Kysely, type Migration, sql } from "kysely";

interface GroupedMonitor {
  id: string;
  account_id: string;
  group_name: string;
}

/**
 * Monitor groups: named collections a monitor can belong to several of, each with channels that
 * every member notifies. The one free-text group a monitor had becomes a group of that name per
 * account (names differing only in case become one group), keeping its members; the column goes.
 */
export const monitorGroupsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("monitor_groups")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("name_key", "text", (c) => c.notNull())
      .addColumn("description", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    // name_key is the lower-cased name: one group per name per account, whatever its case.
    await db.schema
      .createIndex("monitor_groups_account_name")
      .on("monitor_groups")
      .columns(["account_id", "name_key"])
      .unique()
      .execute();

    await db.schema
      .createTable("monitor_group_members")
      .addColumn("group_id", "text", (c) =>
        c.notNull().references("monitor_groups.id").onDelete("cascade"),
      )
      .addColumn("monitor_id", "text", (c) =>
        c.notNull().references("monitors.id").onDelete("cascade"),
      )
      .addPrimaryKeyConstraint("monitor_group_members_pk", ["group_id", "monitor_id"])
      .execute();
    await db.schema
      .createIndex("monitor_group_members_monitor")
      .on("monitor_group_members")
      .column("monitor_id")
      .execute();

    await db.schema
      .createTable("monitor_group_channels")
      .addColumn("group_id", "text", (c) =>
        c.notNull().references("monitor_groups.id").onDelete("cascade"),
      )
      .addColumn("channel_id", "text", (c) =>
        c.notNull().references("channels.id").onDelete("cascade"),
      )
      .addPrimaryKeyConstraint("monitor_group_channels_pk", ["group_id", "channel_id"])
      .execute();
    await db.schema
      .createIndex("monitor_group_channels_channel")
      .on("monitor_group_channels")
      .column("channel_id")
      .execute();

    await moveFreeTextGroups(db);
    await db.schema.alterTable("monitors").dropColumn("group_name").execute();
  },

  /** Back to one free-text group per monitor: the first of its groups by name. */
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("monitors").addColumn("group_name", "text").execute();
    await sql`update monitors set group_name = (
      select min(g.name) from monitor_group_members m join monitor_groups g on g.id = m.group_id
      where m.monitor_id = monitors.id)`.execute(db);
    for (const table of ["monitor_group_channels", "monitor_group_members", "monitor_groups"]) {
      await db.schema.dropTable(table).execute();
    }
  },
};

async function moveFreeTextGroups(db: Kysely<unknown>) {
  const { rows } = await sql<GroupedMonitor>`
    select id, account_id, group_name from monitors
    where group_name is not null order by created_at, id`.execute(db);
  const now = Date.now();
  const groups = new Map<string, string>();
  for (const monitor of rows) {
    const name = monitor.group_name.trim();
    if (name === "") continue;
    const nameKey = name.toLowerCase();
    const key = `${monitor.account_id}\u0000${nameKey}`;
    let groupId = groups.get(key);
    if (groupId === undefined) {
      groupId = `grp_${randomBytes(12).toString("base64url")}`;
      groups.set(key, groupId);
      await sql`insert into monitor_groups
        (id, account_id, name, name_key, description, created_at, updated_at)
        values (${groupId}, ${monitor.account_id}, ${name}, ${nameKey}, null, ${now}, ${now})`.execute(
        db,
      );
    }
    await sql`insert into monitor_group_members (group_id, monitor_id)
      values (${groupId}, ${monitor.id})`.execute(db);
  }
}
