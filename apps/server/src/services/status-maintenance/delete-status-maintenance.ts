import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { findOwnedPage, touchStatusPage } from "../status-pages/owned-page.ts";
import { storeOrExplain } from "../storage-error.ts";
import { loadMaintenance } from "./maintenance-view.ts";
import { queueMaintenanceCancelled } from "./queue-maintenance-notice.ts";

/** Deletes a maintenance window from the page; an announced one not yet started is mailed as cancelled. */
export async function deleteStatusMaintenance(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  ids: { pageId: string; maintenanceId: string },
): Promise<void> {
  await storeOrExplain("the change", () =>
    ctx.transact(async (trx) => {
      const page = await findOwnedPage(trx, access, ids.pageId);
      const now = ctx.now();
      const view = await loadMaintenance(trx, page.id, ids.maintenanceId, now);
      if (view.status === "scheduled") {
        await queueMaintenanceCancelled(trx, ctx, page, view);
      }
      await trx
        .deleteFrom("status_maintenances")
        .where("id", "=", ids.maintenanceId)
        .where("page_id", "=", page.id)
        .execute();
      await touchStatusPage(trx, page.id, now);
    }),
  );
}
