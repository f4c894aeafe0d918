import type { Database, StatusSectionTable } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import { NotFoundError, ServiceError } from "../service-error.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The page's section with that id; a section of another page is not found. */
export async function findPageSection(
  db: Db,
  pageId: string,
  sectionId: string,
): Promise<StatusSectionTable> {
  const section = await db
    .selectFrom("status_sections")
    .selectAll()
    .where("id", "=", sectionId)
    .where("page_id", "=", pageId)
    .executeTakeFirst();
  if (!section) throw new NotFoundError("section on this status page");
  return section;
}

/** Throws a 400-style refusal when a section named in a body is not one of the page's. */
export async function enforcePageSection(
  db: Db,
  pageId: string,
  sectionId: string | null | undefined,
): Promise<void> {
  if (sectionId === null || sectionId === undefined) return;
  const found = await db
    .selectFrom("status_sections")
    .select("id")
    .where("id", "=", sectionId)
    .where("page_id", "=", pageId)
    .executeTakeFirst();
  if (!found) {
    throw new ServiceError(
      "invalid",
      `There is no section with the id ${JSON.stringify(sectionId)} on this status page.`,
    );
  }
}
