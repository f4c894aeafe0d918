import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";

type Db = Kysely<Database> | Transaction<Database>;

/** The ids with `id` moved to `position` (or to the end); a position past the end is the end. */
export function placeAt(ids: readonly string[], id: string, position?: number): string[] {
  const others = ids.filter((candidate) => candidate !== id);
  const at = position === undefined ? others.length : Math.min(position, others.length);
  return [...others.slice(0, at), id, ...others.slice(at)];
}

/** The ids of a page's sections or components, in their order. */
export async function orderedIds(
  db: Db,
  table: "status_sections" | "status_components",
  pageId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom(table)
    .select(["id"])
    .where("page_id", "=", pageId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/** Numbers the rows 0, 1, 2... in the order given. */
export async function writePositions(
  db: Db,
  table: "status_sections" | "status_components",
  ids: readonly string[],
): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db.updateTable(table).set({ position }).where("id", "=", id).execute();
  }
}
