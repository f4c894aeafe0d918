import type { ComponentState } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import { ServiceError } from "../service-error.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The names of a page's components by id. */
export async function pageComponentNames(db: Db, pageId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("status_components")
    .select(["id", "name"])
    .where("page_id", "=", pageId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Refuses ids that are not components of the page, and naming one component twice. */
export function requirePageComponents(
  field: string,
  ids: readonly string[],
  names: ReadonlyMap<string, string>,
): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (!names.has(id)) {
      throw new ServiceError(
        "invalid",
        `${field} names "${id}", which is not a component of this page.`,
      );
    }
    if (seen.has(id)) throw new ServiceError("invalid", `${field} names "${id}" more than once.`);
    seen.add(id);
  }
}

export interface ComponentChange {
  component_id: string;
  state: ComponentState;
}

/** Sets the components' states, as an incident update does. */
export async function setComponentStates(
  db: Db,
  pageId: string,
  changes: readonly ComponentChange[],
  now: number,
): Promise<void> {
  for (const change of changes) {
    await db
      .updateTable("status_components")
      .set({ state: change.state, state_changed_at: now, updated_at: now })
      .where("id", "=", change.component_id)
      .where("page_id", "=", pageId)
      .execute();
  }
}
