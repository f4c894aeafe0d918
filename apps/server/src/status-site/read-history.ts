import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { type PublicIncident, withUpdates } from "./read-public-page.ts";

/** Incidents shown per history page. */
export const HISTORY_PAGE_SIZE = 20;

/** One page (from 1) of a status page's incidents, newest first, and whether more follow. */
export async function readHistory(
  db: Kysely<Database>,
  pageId: string,
  pageNumber: number,
): Promise<{ incidents: PublicIncident[]; more: boolean }> {
  const rows = await db
    .selectFrom("status_incidents")
    .selectAll()
    .where("page_id", "=", pageId)
    .orderBy("started_at", "desc")
    .orderBy("id")
    .limit(HISTORY_PAGE_SIZE + 1)
    .offset((pageNumber - 1) * HISTORY_PAGE_SIZE)
    .execute();
  const incidents = await withUpdates(db, rows.slice(0, HISTORY_PAGE_SIZE));
  return { incidents, more: rows.length > HISTORY_PAGE_SIZE };
}

/** One incident of the page with its updates, or undefined. */
export async function readIncident(
  db: Kysely<Database>,
  pageId: string,
  incidentId: string,
): Promise<PublicIncident | undefined> {
  const row = await db
    .selectFrom("status_incidents")
    .selectAll()
    .where("page_id", "=", pageId)
    .where("id", "=", incidentId)
    .executeTakeFirst();
  return row ? (await withUpdates(db, [row]))[0] : undefined;
}
