import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";
import { findOwnedPage, touchStatusPage } from "../status-pages/owned-page.ts";
import { storeOrExplain } from "../storage-error.ts";
import { type IncidentView, loadIncident } from "./incident-view.ts";

/** Corrects the message of an update; subscribers are not mailed again. */
export async function editStatusIncidentUpdate(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  ids: { pageId: string; incidentId: string; updateId: string },
  message: string,
): Promise<IncidentView> {
  return storeOrExplain("the update", () =>
    ctx.transact(async (trx) => {
      const page = await findOwnedPage(trx, access, ids.pageId);
      await loadIncident(trx, page.id, ids.incidentId);
      const result = await trx
        .updateTable("status_incident_updates")
        .set({ message })
        .where("id", "=", ids.updateId)
        .where("incident_id", "=", ids.incidentId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new NotFoundError("update");
      const now = ctx.now();
      await trx
        .updateTable("status_incidents")
        .set({ updated_at: now })
        .where("id", "=", ids.incidentId)
        .execute();
      await touchStatusPage(trx, page.id, now);
      return loadIncident(trx, page.id, ids.incidentId);
    }),
  );
}
