import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findOwnedPage, touchStatusPage } from "./owned-page.ts";

/** Removes a page's logo; a page without one answers the same. */
export async function removeStatusPageLogo(
  ctx: ServiceContext,
  access: AccountAccess,
  pageId: string,
): Promise<void> {
  const now = ctx.now();
  await storeOrExplain("the change", () =>
    ctx.db.transaction().execute(async (trx) => {
      const page = await findOwnedPage(trx, access, pageId);
      if (page.logo_hash === null) return;
      await trx.deleteFrom("status_page_logos").where("page_id", "=", pageId).execute();
      await trx
        .updateTable("status_pages")
        .set({ logo_type: null, logo_hash: null })
        .where("id", "=", pageId)
        .execute();
      await touchStatusPage(trx, pageId, now);
    }),
  );
}
