import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findPageComponent } from "./find-page-component.ts";
import { findOwnedPage, touchStatusPage } from "./owned-page.ts";
import { orderedIds, writePositions } from "./page-order.ts";

/** Removes a component from its page (past incidents keep the words they were written in). */
export async function deleteStatusComponent(
  ctx: ServiceContext,
  access: AccountAccess,
  pageId: string,
  componentId: string,
): Promise<void> {
  const now = ctx.now();
  await storeOrExplain("the change", () =>
    ctx.db.transaction().execute(async (trx) => {
      await findOwnedPage(trx, access, pageId);
      await findPageComponent(trx, pageId, componentId);
      await trx.deleteFrom("status_components").where("id", "=", componentId).execute();
      const ids = await orderedIds(trx, "status_components", pageId);
      await writePositions(trx, "status_components", ids);
      await touchStatusPage(trx, pageId, now);
    }),
  );
}
