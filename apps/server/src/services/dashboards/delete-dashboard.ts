import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { findOwnedDashboard } from "./owned-dashboard.ts";

/** Deletes a board with its widgets and share links; the links stop working at once. */
export async function deleteDashboard(
  ctx: ServiceContext,
  access: AccountAccess,
  dashboardId: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findOwnedDashboard(trx, access, dashboardId);
    await trx.deleteFrom("dashboard_share_links").where("dashboard_id", "=", row.id).execute();
    await trx.deleteFrom("dashboard_widgets").where("dashboard_id", "=", row.id).execute();
    await trx.deleteFrom("dashboards").where("id", "=", row.id).execute();
    await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
      action: "dashboard.deleted",
      target: { type: "dashboard", id: row.id, label: row.name },
    });
  });
}
