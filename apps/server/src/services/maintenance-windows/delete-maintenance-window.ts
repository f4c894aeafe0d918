import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findWindowRow } from "./window-record.ts";

/**
 * Deletes a window with all its occurrences, past ones included. Alerts it held are looked at
 * again by the next sweep of held alerts (within a minute) and notified if still open.
 */
export async function deleteMaintenanceWindow(
  ctx: ServiceContext,
  access: AccountAccess,
  windowId: string,
): Promise<void> {
  await storeOrExplain("the change", () =>
    ctx.transact(async (trx) => {
      const row = await findWindowRow(trx, access.accountId, windowId);
      await trx.deleteFrom("maintenance_windows").where("id", "=", row.id).execute();
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "maintenance_window.deleted",
        target: { type: "maintenance_window", id: row.id, label: row.title },
      });
    }),
  );
}
