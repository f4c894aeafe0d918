import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../apps/server/test/databases.ts";
import { createMigrator, migrateToLatest } from "./migrate.ts";

type RawDatabase = Kysely<Record<string, Record<string, unknown>>>;

describeEachDatabase("the domain verification migration", (db) => {
  it("makes the single sign-on and custom domains stored without proof wait for it, unused until verified", async () => {
    const handle = db().handle;
    const migrator = await createMigrator(handle);
    const down = await migrator.migrateTo("2026_12_02_0400_response_range");
    expect(down.error).toBeUndefined();
    const raw = handle.db as unknown as RawDatabase;
    await raw
      .insertInto("accounts")
      .values({ id: "acc_claims", name: "Claims", plan: "enterprise", created_at: 1 })
      .execute();
    await raw
      .insertInto("sso_domains")
      .values({ domain: "acme.example", account_id: "acc_claims" })
      .execute();
    await raw
      .insertInto("status_pages")
      .values({
        id: "sp_claims",
        account_id: "acc_claims",
        name: "Acme",
        slug: "acme-claims",
        custom_domain: "status.acme.example",
        created_at: 1,
        updated_at: 1,
      })
      .execute();

    await migrateToLatest(handle);

    const claims = await handle.db
      .selectFrom("domain_claims")
      .selectAll()
      .where("account_id", "=", "acc_claims")
      .orderBy("purpose")
      .execute();
    expect(claims).toEqual([
      expect.objectContaining({
        purpose: "sso",
        domain: "acme.example",
        page_id: null,
        verified_at: null,
        lost_at: null,
      }),
      expect.objectContaining({
        purpose: "status_page",
        domain: "status.acme.example",
        page_id: "sp_claims",
        verified_at: null,
      }),
    ]);
    for (const claim of claims) expect(claim.token).toMatch(/^[0-9a-f]{32}$/);
    expect(claims[0]?.token).not.toBe(claims[1]?.token);
    expect(await handle.db.selectFrom("sso_domains").selectAll().execute()).toEqual([]);
    const page = await handle.db
      .selectFrom("status_pages")
      .select("custom_domain")
      .where("id", "=", "sp_claims")
      .executeTakeFirstOrThrow();
    expect(page.custom_domain).toBeNull();
  });
});
