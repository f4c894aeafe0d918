import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** The first of `ids` that names no row of the account in `table`, if any. */
export async function firstForeignId(
  db: Kysely<Database>,
  table: "monitors" | "channels" | "monitor_groups",
  accountId: string,
  ids: readonly string[],
): Promise<string | undefined> {
  if (ids.length === 0) return undefined;
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom(table)
      .select("id")
      .where("account_id", "=", accountId)
      .where("id", "in", ids.slice(start, start + 500))
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return ids.find((id) => !found.has(id));
}
