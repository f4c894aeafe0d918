import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";
import { findOwnedPage, touchStatusPage } from "../status-pages/owned-page.ts";
import { storeOrExplain } from "../storage-error.ts";

/** Deletes an incident and its updates from the page's history; component states stay as set. */
export async function deleteStatusIncident(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  ids: { pageId: string; incidentId: string },
): Promise<void> {
  await storeOrExplain("the change", () =>
    ctx.transact(async (trx) => {
      const page = await findOwnedPage(trx, access, ids.pageId);
      const result = await trx
        .deleteFrom("status_incidents")
        .where("id", "=", ids.incidentId)
        .where("page_id", "=", page.id)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new NotFoundError("incident");
      await touchStatusPage(trx, page.id, ctx.now());
    }),
  );
}
