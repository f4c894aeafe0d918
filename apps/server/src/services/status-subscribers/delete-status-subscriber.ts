import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";
import { findOwnedPage } from "../status-pages/owned-page.ts";
import { storeOrExplain } from "../storage-error.ts";

/** Removes a subscriber from the page: no further mail is sent to them. */
export async function deleteStatusSubscriber(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  ids: { pageId: string; subscriberId: string },
): Promise<void> {
  await storeOrExplain("the change", async () => {
    const page = await findOwnedPage(ctx.db, access, ids.pageId);
    const result = await ctx.db
      .deleteFrom("status_subscribers")
      .where("id", "=", ids.subscriberId)
      .where("page_id", "=", page.id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new NotFoundError("subscriber");
  });
}
