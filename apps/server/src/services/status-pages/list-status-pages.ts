import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { recordsOfPages, type StatusPageRecord } from "./status-page-record.ts";

/** The account's status pages, oldest first, each with the state its visitors see now. */
export async function listStatusPages(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
): Promise<StatusPageRecord[]> {
  const pages = await ctx.db
    .selectFrom("status_pages")
    .selectAll()
    .where("account_id", "=", access.accountId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return recordsOfPages(ctx.db, pages, ctx.now());
}
