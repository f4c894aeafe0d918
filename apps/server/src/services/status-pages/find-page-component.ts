import type { Database, StatusComponentTable } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import { NotFoundError } from "../service-error.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The page's component with that id; a component of another page is not found. */
export async function findPageComponent(
  db: Db,
  pageId: string,
  componentId: string,
): Promise<StatusComponentTable> {
  const component = await db
    .selectFrom("status_components")
    .selectAll()
    .where("id", "=", componentId)
    .where("page_id", "=", pageId)
    .executeTakeFirst();
  if (!component) throw new NotFoundError("component on this status page");
  return component;
}
