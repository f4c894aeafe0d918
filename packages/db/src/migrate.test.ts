import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../apps/server/test/databases.ts";
import { migrateToLatest } from "./migrate.ts";

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
