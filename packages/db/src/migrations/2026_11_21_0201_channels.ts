import { randomBytes } from "node:crypto";
import type { Kysely, Migration } from "kysely";

/**
 * Alert channels and which monitors use them, the notification queue, the delivery log and
 * billable usage (SMS). Every existing account gets its owner's address as an e-mail channel,
 * attached to its monitors, as new accounts do.
 */
export const channelsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("channels")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("config", "text", (c) => c.notNull())
      .addColumn("secret", "text")
      .addColumn("attach_to_new_monitors", "integer", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("channels_account").on("channels").column("account_id").execute();

    await db.schema
      .createTable("monitor_channels")
      .addColumn("monitor_id", "text", (c) =>
        c.notNull().references("monitors.id").onDelete("cascade"),
      )
      .addColumn("channel_id", "text", (c) =>
        c.notNull().references("channels.id").onDelete("cascade"),
      )
      .addPrimaryKeyConstraint("monitor_channels_pk", ["monitor_id", "channel_id"])
      .execute();
    await db.schema
      .createIndex("monitor_channels_channel")
      .on("monitor_channels")
      .column("channel_id")
      .execute();

    await db.schema
      .createTable("notifications")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("channel_id", "text", (c) =>
        c.notNull().references("channels.id").onDelete("cascade"),
      )
      .addColumn("channel_type", "text", (c) => c.notNull())
      .addColumn("alert_id", "text")
      .addColumn("monitor_id", "text")
      .addColumn("event", "text", (c) => c.notNull())
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull())
      .addColumn("locked_until", "bigint")
      .addColumn("claim_token", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("finished_at", "bigint")
      .execute();
    await db.schema
      .createIndex("notifications_due")
      .on("notifications")
      .columns(["status", "created_at"])
      .execute();
    await db.schema
      .createIndex("notifications_alert")
      .on("notifications")
      .column("alert_id")
      .execute();

    await db.schema
      .createTable("notification_deliveries")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("notification_id", "text", (c) => c.notNull())
      .addColumn("channel_id", "text", (c) => c.notNull())
      .addColumn("channel_type", "text", (c) => c.notNull())
      .addColumn("alert_id", "text")
      .addColumn("monitor_id", "text")
      .addColumn("event", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("latency_ms", "integer")
      .addColumn("error", "text")
      .addColumn("attempted_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("notification_deliveries_account")
      .on("notification_deliveries")
      .columns(["account_id", "attempted_at"])
      .execute();
    await db.schema
      .createIndex("notification_deliveries_notification")
      .on("notification_deliveries")
      .column("notification_id")
      .execute();

    await db.schema
      .createTable("usage_charges")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("item", "text", (c) => c.notNull())
      .addColumn("quantity", "integer", (c) => c.notNull())
      .addColumn("amount_cents", "integer", (c) => c.notNull())
      .addColumn("reference", "text")
      .addColumn("recorded_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("usage_charges_account")
      .on("usage_charges")
      .columns(["account_id", "recorded_at"])
      .execute();

    await addOwnerEmailChannels(db as Kysely<Existing>);
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      "usage_charges",
      "notification_deliveries",
      "notifications",
      "monitor_channels",
      "channels",
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};

interface Existing {
  users: { account_id: string; email: string; role: string };
  monitors: { id: string; account_id: string };
  channels: {
    id: string;
    account_id: string;
    type: string;
    name: string;
    config: string;
    secret: string | null;
    attach_to_new_monitors: number;
    created_at: number;
    updated_at: number;
  };
  monitor_channels: { monitor_id: string; channel_id: string };
}

async function addOwnerEmailChannels(db: Kysely<Existing>): Promise<void> {
  const owners = await db
    .selectFrom("users")
    .select(["account_id", "email"])
    .where("role", "=", "owner")
    .execute();
  const now = Date.now();
  for (const owner of owners) {
    const id = `chn_${randomBytes(12).toString("base64url")}`;
    await db
      .insertInto("channels")
      .values({
        id,
        account_id: owner.account_id,
        type: "email",
        name: owner.email,
        config: JSON.stringify({ address: owner.email }),
        secret: null,
        attach_to_new_monitors: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const monitors = await db
      .selectFrom("monitors")
      .select("id")
      .where("account_id", "=", owner.account_id)
      .execute();
    if (monitors.length) {
      await db
        .insertInto("monitor_channels")
        .values(monitors.map((m) => ({ monitor_id: m.id, channel_id: id })))
        .execute();
    }
  }
}
