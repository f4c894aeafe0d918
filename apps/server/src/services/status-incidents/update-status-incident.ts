import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { findOwnedPage, touchStatusPage } from "../status-pages/owned-page.ts";
import { storeOrExplain } from "../storage-error.ts";
import { type IncidentView, loadIncident } from "./incident-view.ts";

/** Corrects an incident's title. */
export async function updateStatusIncident(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  ids: { pageId: string; incidentId: string },
  title: string,
): Promise<IncidentView> {
  return storeOrExplain("the incident", () =>
    ctx.transact(async (trx) => {
      const page = await findOwnedPage(trx, access, ids.pageId);
      await loadIncident(trx, page.id, ids.incidentId);
      const now = ctx.now();
      await trx
        .updateTable("status_incidents")
        .set({ title, updated_at: now })
        .where("id", "=", ids.incidentId)
        .execute();
      await touchStatusPage(trx, page.id, now);
      return loadIncident(trx, page.id, ids.incidentId);
    }),
  );
}
