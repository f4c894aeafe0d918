import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { loadPageLayout, type PageLayout } from "./component-record.ts";
import { findOwnedPage } from "./owned-page.ts";

/** A page's sections and components in order, with their linked monitors and suggestions. */
export async function listStatusComponents(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  pageId: string,
): Promise<PageLayout> {
  await findOwnedPage(ctx.db, access, pageId);
  return loadPageLayout(ctx.db, pageId, ctx.now());
}
