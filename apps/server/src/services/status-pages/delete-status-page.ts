import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import { statusPageAuditEvent } from "../audit/status-page-audit.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findOwnedPage } from "./owned-page.ts";
import { claimedDomainOf } from "./page-domain.ts";

/** Deletes a page with everything on it: components, incidents, windows and subscribers. */
export async function deleteStatusPage(
  ctx: ServiceContext,
  access: AccountAccess,
  pageId: string,
): Promise<void> {
  await storeOrExplain("the change", () =>
    ctx.db.transaction().execute(async (trx) => {
      const stored = await findOwnedPage(trx, access, pageId);
      const page = { ...stored, custom_domain: await claimedDomainOf(trx, pageId) };
      await trx.deleteFrom("status_pages").where("id", "=", pageId).execute();
      await recordAuditEvent(
        trx,
        ctx,
        access.accountId,
        actorOf(access),
        statusPageAuditEvent("status_page.deleted", page, null),
      );
    }),
  );
}
