import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";
import { findOwnedPage, touchStatusPage } from "../status-pages/owned-page.ts";
import { storeOrExplain } from "../storage-error.ts";

/** Deletes a maintenance window from the page. */
export async function deleteStatusMaintenance(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  ids: { pageId: string; maintenanceId: string },
): Promise<void> {
  await storeOrExplain("the change", () =>
    ctx.transact(async (trx) => {
      const page = await findOwnedPage(trx, access, ids.pageId);
      const result = await trx
        .deleteFrom("status_maintenances")
        .where("id", "=", ids.maintenanceId)
        .where("page_id", "=", page.id)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new NotFoundError("maintenance window");
      await touchStatusPage(trx, page.id, ctx.now());
    }),
  );
}
