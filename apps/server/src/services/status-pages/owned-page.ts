import type { Database, StatusPageTable } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import { NotFoundError } from "../service-error.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The account's status page with that id; another account's page is not found, like a missing one. */
export async function findOwnedPage(
  db: Db,
  access: Pick<AccountAccess, "accountId">,
  pageId: string,
): Promise<StatusPageTable> {
  const page = await db
    .selectFrom("status_pages")
    .selectAll()
    .where("id", "=", pageId)
    .where("account_id", "=", access.accountId)
    .executeTakeFirst();
  if (!page) throw new NotFoundError("status page");
  return page;
}

/**
 * Records that what a page's visitors see changed: every writer calls it in the transaction of
 * the change, so a cached page (in any server process) is rebuilt on its next request.
 */
export async function touchStatusPage(db: Db, pageId: string, now: number): Promise<void> {
  await db
    .updateTable("status_pages")
    .set((eb) => ({ version: eb("version", "+", 1), updated_at: now }))
    .where("id", "=", pageId)
    .execute();
}
