import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../apps/server/test/databases.ts";
import { createMigrator, migrateToLatest } from "./migrate.ts";

type RawDatabase = Kysely<Record<string, Record<string, unknown>>>;

async function oldMonitor(
  raw: RawDatabase,
  id: string,
  account: string,
  group: string | null,
  createdAt = 1,
) {
  await raw
    .insertInto("monitors")
    .values({
      id,
      account_id: account,
      name: id,
      type: "http",
      target: "https://example.com/",
      interval_seconds: 300,
      timeout_seconds: 30,
      region: "us-west-1",
      failure_threshold: 3,
      recovery_confirmations: 1,
      paused: 0,
      group_name: group,
      options: "{}",
      state: "unknown",
      consecutive_failures: 0,
      consecutive_successes: 0,
      last_checked_at: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
}

describeEachDatabase("the monitor groups migration", (db) => {
  it("turns each account's free-text groups into groups of the same name, keeping their monitors (names differing in case become one group)", async () => {
    const handle = db().handle;
    const migrator = await createMigrator(handle);
    const down = await migrator.migrateTo("2026_12_01_0100_teams");
    expect(down.error).toBeUndefined();
    const raw = handle.db as unknown as RawDatabase;
    for (const account of ["acc_one", "acc_two"]) {
      await raw
        .insertInto("accounts")
        .values({ id: account, name: account, plan: "free", created_at: 1 })
        .execute();
    }
    await oldMonitor(raw, "mon_shop", "acc_one", "Web");
    await oldMonitor(raw, "mon_blog", "acc_one", "web", 2);
    await oldMonitor(raw, "mon_api", "acc_one", "API");
    await oldMonitor(raw, "mon_loose", "acc_one", null);
    await oldMonitor(raw, "mon_other", "acc_two", "Web");

    await migrateToLatest(handle);

    const groups = await handle.db
      .selectFrom("monitor_groups")
      .select(["id", "account_id", "name", "description"])
      .orderBy("account_id")
      .orderBy("name")
      .execute();
    expect(
      groups.map(({ account_id, name, description }) => [account_id, name, description]),
    ).toEqual([
      ["acc_one", "API", null],
      ["acc_one", "Web", null],
      ["acc_two", "Web", null],
    ]);
    expect(groups.every((group) => group.id.startsWith("grp_"))).toBe(true);
    const members = await handle.db
      .selectFrom("monitor_group_members")
      .innerJoin("monitor_groups", "monitor_groups.id", "monitor_group_members.group_id")
      .select([
        "monitor_groups.account_id",
        "monitor_groups.name",
        "monitor_group_members.monitor_id",
      ])
      .orderBy("monitor_group_members.monitor_id")
      .execute();
    expect(members.map((m) => [m.monitor_id, m.account_id, m.name])).toEqual([
      ["mon_api", "acc_one", "API"],
      ["mon_blog", "acc_one", "Web"],
      ["mon_other", "acc_two", "Web"],
      ["mon_shop", "acc_one", "Web"],
    ]);
    const monitor = await handle.db
      .selectFrom("monitors")
      .selectAll()
      .where("id", "=", "mon_loose")
      .executeTakeFirstOrThrow();
    expect(monitor).not.toHaveProperty("group_name");
  });
});
