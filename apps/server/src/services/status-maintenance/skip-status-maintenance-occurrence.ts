import type { AccountAccess } from "../accounts/account-access.ts";
import { readAccountTimeZone } from "../accounts/account-time-zone.ts";
import type { ServiceContext } from "../context.ts";
import { skipOccurrence } from "../maintenance-windows/skip-maintenance-occurrence.ts";
import { storedWindowOf } from "../maintenance-windows/window-timing.ts";
import { findOwnedPage, touchStatusPage } from "../status-pages/owned-page.ts";
import { storeOrExplain } from "../storage-error.ts";
import { loadMaintenance, type MaintenanceView } from "./maintenance-view.ts";
import { requireChangeable } from "./update-status-maintenance.ts";

/**
 * Cancels one coming occurrence of a recurring window: the page stops showing it and it holds
 * no alerts. Subscribers are not mailed; the page shows the next occurrence instead.
 */
export async function skipStatusMaintenanceOccurrence(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  ids: { pageId: string; maintenanceId: string },
  occurrenceStartsAt: string,
): Promise<MaintenanceView> {
  return storeOrExplain("the maintenance window", () =>
    ctx.transact(async (trx) => {
      const page = await findOwnedPage(trx, access, ids.pageId);
      const now = ctx.now();
      const view = await loadMaintenance(trx, page.id, ids.maintenanceId, now);
      requireChangeable(view.status);
      const zone = await readAccountTimeZone(trx, access.accountId);
      const skipped = skipOccurrence(
        storedWindowOf(view.maintenance),
        zone,
        Date.parse(occurrenceStartsAt),
        now,
      );
      await trx
        .updateTable("status_maintenances")
        .set({ skipped, updated_at: now })
        .where("id", "=", view.maintenance.id)
        .execute();
      await touchStatusPage(trx, page.id, now);
      return loadMaintenance(trx, page.id, view.maintenance.id, now);
    }),
  );
}
