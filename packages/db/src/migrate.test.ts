import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
  testDialects,
} from "../../../apps/server/test/databases.ts";
import { withCurrentSchemaIntrospection } from "./current-schema-introspector.ts";
import { createMigrator, migrateToLatest } from "./migrate.ts";

describeEachDatabase("migrations", (db) => {
  it("apply once and are a no-op on the next start", async () => {
    const again = await migrateToLatest(db().handle);
    expect(again).toEqual([]);
  });

  it("record every bundled migration as applied", async () => {
    const { rows } = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(db().handle.db);
    const { migrations } = await import("./migrations/index.ts");
    expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
  });
});

describeEachDatabase("the channels migration", (db) => {
  it("gives every existing account its owner's address as an e-mail channel on its monitors", async () => {
    const handle = db().handle;
    const migrator = await createMigrator(handle);
    const down = await migrator.migrateTo("2026_11_21_0101_monitors");
    expect(down.error).toBeUndefined();
    const raw = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await raw
      .insertInto("accounts")
      .values({ id: "acc_old", name: "Old", plan: "free", created_at: 1 })
      .execute();
    await raw
      .insertInto("users")
      .values({
        id: "usr_old",
        account_id: "acc_old",
        email: "Owner@Example.com",
        email_key: "owner@example.com",
        role: "owner",
        created_at: 1,
      })
      .execute();
    await raw
      .insertInto("monitors")
      .values({
        id: "mon_old",
        account_id: "acc_old",
        name: "Old",
        type: "http",
        target: "https://example.com/",
        interval_seconds: 300,
        timeout_seconds: 30,
        region: "us-west-1",
        failure_threshold: 3,
        paused: 0,
        group_name: null,
        options: "{}",
        state: "unknown",
        consecutive_failures: 0,
        consecutive_successes: 0,
        last_checked_at: null,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    await migrateToLatest(handle);
    const channel = await handle.db
      .selectFrom("channels")
      .selectAll()
      .where("account_id", "=", "acc_old")
      .executeTakeFirstOrThrow();
    expect(channel).toMatchObject({ type: "email", attach_to_new_monitors: 1 });
    expect(JSON.parse(channel.config)).toEqual({ address: "Owner@Example.com" });
    const links = await handle.db.selectFrom("monitor_channels").selectAll().execute();
    expect(links).toEqual([
      { monitor_id: "mon_old", channel_id: channel.id, severities: "critical,warning,info" },
    ]);
    const monitor = await handle.db
      .selectFrom("monitors")
      .select("recovery_confirmations")
      .where("id", "=", "mon_old")
      .executeTakeFirstOrThrow();
    expect(monitor.recovery_confirmations).toBe(1);
  });
});

describeEachDatabase("the sessions migration", (db) => {
  it("removes a user's sessions and reset links with the account, foreign keys enforced", async () => {
    const raw = db().handle.db;
    await raw
      .insertInto("accounts")
      .values({ id: "acc_gone", name: "Gone", plan: "free", created_at: 1 })
      .execute();
    await raw
      .insertInto("users")
      .values({
        id: "usr_gone",
        account_id: "acc_gone",
        email: "gone@example.com",
        email_key: "gone@example.com",
        password_hash: null,
        created_at: 1,
      })
      .execute();
    await raw
      .insertInto("sessions")
      .values({
        token_hash: "a".repeat(64),
        user_id: "usr_gone",
        account_id: "acc_gone",
        created_at: 1,
        expires_at: 2,
        last_seen_at: 1,
      })
      .execute();
    await raw
      .insertInto("password_resets")
      .values({
        token_hash: "b".repeat(64),
        user_id: "usr_gone",
        created_at: 1,
        expires_at: 2,
        used_at: null,
      })
      .execute();
    await expect(
      raw
        .insertInto("sessions")
        .values({
          token_hash: "c".repeat(64),
          user_id: "usr_missing",
          account_id: "acc_gone",
          created_at: 1,
          expires_at: 2,
          last_seen_at: 1,
        })
        .execute(),
    ).rejects.toThrow();
    await raw.deleteFrom("accounts").where("id", "=", "acc_gone").execute();
    expect(await raw.selectFrom("sessions").selectAll().execute()).toEqual([]);
    expect(await raw.selectFrom("password_resets").selectAll().execute()).toEqual([]);
  });
});

describeEachDatabase("the half-hour rollups migration", (db) => {
  it("fills half-hour rollups from the raw results of the last two days only", async () => {
    const handle = db().handle;
    const migrator = await createMigrator(handle);
    expect((await migrator.migrateTo("2026_11_21_0201_channels")).error).toBeUndefined();
    const raw = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await raw
      .insertInto("accounts")
      .values({ id: "acc_half", name: "Half", plan: "hobby", created_at: 1 })
      .execute();
    await raw
      .insertInto("monitors")
      .values({
        id: "mon_half",
        account_id: "acc_half",
        name: "Half",
        type: "http",
        target: "https://example.com/",
        interval_seconds: 60,
        timeout_seconds: 30,
        region: "us-west-1",
        failure_threshold: 3,
        recovery_confirmations: 1,
        paused: 0,
        group_name: null,
        options: "{}",
        state: "up",
        consecutive_failures: 0,
        consecutive_successes: 1,
        last_checked_at: null,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    const halfHour = 1_800_000;
    const current = Math.floor(Date.now() / halfHour) * halfHour - 2 * halfHour;
    const result = (checkedAt: number, up: boolean, responseMs: number) => ({
      monitor_id: "mon_half",
      checked_at: checkedAt,
      up: up ? 1 : 0,
      response_ms: responseMs,
      dns_ms: null,
      connect_ms: 3,
      tls_ms: null,
      first_byte_ms: null,
      status_code: up ? 200 : 503,
      error: up ? null : "Down.",
      region: "us-west-1",
    });
    await raw
      .insertInto("check_results")
      .values([
        result(current + 1000, true, 40),
        result(current + 61_000, false, 12_000),
        result(current + halfHour + 5, true, 140),
        result(current - 3 * 86_400_000, true, 40),
      ])
      .execute();
    await migrateToLatest(handle);
    const rollups = await handle.db
      .selectFrom("check_rollups")
      .selectAll()
      .where("monitor_id", "=", "mon_half")
      .where("bucket_seconds", "=", 1800)
      .orderBy("period_start")
      .execute();
    expect(
      rollups.map((row) => [
        row.period_start,
        row.checks,
        row.up_checks,
        row.response_sum,
        row.connect_count,
        row.dns_count,
        row.h02,
        row.h04,
        row.h15,
      ]),
    ).toEqual([
      [current, 2, 1, 12_040, 2, 0, 1, 0, 1],
      [current + halfHour, 1, 1, 140, 1, 0, 0, 1, 0],
    ]);
  });
});

// PostgreSQL alone keeps several schemas in one database.
if (testDialects().includes("postgres")) {
  describe("the migrator's view of a PostgreSQL database", () => {
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      database = await createTestDatabase("postgres");
    });
    afterAll(async () => {
      await database?.handle.close();
    });

    it("lists the tables of its own schema only, however many other schemas the database holds", async () => {
      const handle = (database as TestDatabase).handle;
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        handle.db,
      );
      const neighbour = `${rows[0]?.schema}_neighbour`;
      await sql.raw(`create schema ${neighbour}`).execute(handle.db);
      await sql.raw(`create table ${neighbour}.only_next_door (id text)`).execute(handle.db);
      try {
        const tables = await withCurrentSchemaIntrospection(handle.db).introspection.getTables();
        const names = tables.map((table) => table.name);
        expect(names).toContain("kysely_migration");
        expect(names).toContain("monitors");
        expect(names).not.toContain("only_next_door");
        expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([rows[0]?.schema]));
      } finally {
        await sql.raw(`drop schema ${neighbour} cascade`).execute(handle.db);
      }
    });
  });
}
