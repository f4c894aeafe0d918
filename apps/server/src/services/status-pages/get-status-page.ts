import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { findOwnedPage } from "./owned-page.ts";
import { recordOfPage, type StatusPageRecord } from "./status-page-record.ts";

/** One of the account's status pages. */
export async function getStatusPage(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  pageId: string,
): Promise<StatusPageRecord> {
  return recordOfPage(ctx.db, await findOwnedPage(ctx.db, access, pageId), ctx.now());
}
