import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { findOwnedPage, touchStatusPage } from "../status-pages/owned-page.ts";
import { storeOrExplain } from "../storage-error.ts";
import { loadMaintenance, type MaintenanceView } from "./maintenance-view.ts";
import { queueMaintenanceCancelled } from "./queue-maintenance-notice.ts";
import { requireChangeable } from "./update-status-maintenance.ts";

/**
 * Cancels a scheduled window (mailing the cancellation if it was announced), or ends one under
 * way now (its completion is then mailed once, by the maintenance ticker).
 */
export async function endStatusMaintenance(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  ids: { pageId: string; maintenanceId: string },
): Promise<MaintenanceView> {
  return storeOrExplain("the maintenance window", () =>
    ctx.transact(async (trx) => {
      const page = await findOwnedPage(trx, access, ids.pageId);
      const now = ctx.now();
      const { status } = await loadMaintenance(trx, page.id, ids.maintenanceId, now);
      requireChangeable(status);
      await trx
        .updateTable("status_maintenances")
        .set(
          status === "scheduled"
            ? { cancelled_at: now, updated_at: now }
            : { ends_at: now, updated_at: now },
        )
        .where("id", "=", ids.maintenanceId)
        .execute();
      await touchStatusPage(trx, page.id, now);
      const ended = await loadMaintenance(trx, page.id, ids.maintenanceId, now);
      if (status === "scheduled") {
        await queueMaintenanceCancelled(trx, ctx, page, ended);
      }
      return ended;
    }),
  );
}
