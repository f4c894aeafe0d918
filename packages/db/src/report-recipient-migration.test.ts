import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../apps/server/test/databases.ts";
import { createMigrator, migrateToLatest } from "./migrate.ts";

type RawDatabase = Kysely<Record<string, Record<string, unknown>>>;

describeEachDatabase("the report recipient confirmation migration", (db) => {
  it("confirms a scheduled member's address and leaves a stranger's waiting, with no mail yet", async () => {
    const handle = db().handle;
    const migrator = await createMigrator(handle);
    const down = await migrator.migrateTo("2026_12_10_0510_maintenance_windows");
    expect(down.error).toBeUndefined();
    const raw = handle.db as unknown as RawDatabase;
    await raw
      .insertInto("accounts")
      .values({ id: "acc_reports", name: "Reports", plan: "enterprise", created_at: 1 })
      .execute();
    await raw
      .insertInto("users")
      .values({
        id: "usr_reports",
        account_id: "acc_reports",
        email: "Finance@Example.com",
        email_key: "finance@example.com",
        created_at: 1,
      })
      .execute();
    await raw
      .insertInto("memberships")
      .values({ account_id: "acc_reports", user_id: "usr_reports", role: "owner", created_at: 1 })
      .execute();
    await raw
      .insertInto("sla_report_schedules")
      .values({
        id: "rps_old",
        account_id: "acc_reports",
        subject_type: "monitor",
        subject_id: "mon_x",
        target_thousandths: 99900,
        recipients: JSON.stringify(["FINANCE@example.com", "stranger@example.net"]),
        created_at: 1,
        updated_at: 1,
      })
      .execute();

    await migrateToLatest(handle);

    const rows = await handle.db
      .selectFrom("sla_report_recipients")
      .selectAll()
      .where("schedule_id", "=", "rps_old")
      .orderBy("address_key")
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        address: "FINANCE@example.com",
        address_key: "finance@example.com",
        confirmation_sent_at: null,
      }),
      expect.objectContaining({
        address: "stranger@example.net",
        confirmed_at: null,
        confirmation_token_hash: null,
        confirmation_sent_at: null,
      }),
    ]);
    expect(rows[0]?.confirmed_at).not.toBeNull();
  });
});
