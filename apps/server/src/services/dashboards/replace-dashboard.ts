import type { WidgetInput } from "@upwatch/api";
import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { type DashboardRecord, dashboardRecord, readWidgets } from "./dashboard-record.ts";
import { findOwnedDashboard } from "./owned-dashboard.ts";
import { checkLayout, saveWidgets } from "./save-widgets.ts";

/** Saves a board's name and its whole layout at once; widgets left out are removed. */
export async function replaceDashboard(
  ctx: ServiceContext,
  access: AccountAccess,
  dashboardId: string,
  input: { name: string; widgets: readonly WidgetInput[] },
): Promise<DashboardRecord> {
  checkLayout(input.widgets);
  return storeOrExplain("the board", () =>
    ctx.db.transaction().execute(async (trx) => {
      const row = await findOwnedDashboard(trx, access, dashboardId);
      const updated = { ...row, name: input.name, updated_at: ctx.now() };
      await trx
        .updateTable("dashboards")
        .set({ name: updated.name, updated_at: updated.updated_at })
        .where("id", "=", row.id)
        .execute();
      const before = await readWidgets(trx, row.id);
      await saveWidgets(trx, ctx, { id: row.id, accountId: access.accountId }, input.widgets);
      const changes = {
        ...(row.name === input.name ? {} : { name: { before: row.name, after: input.name } }),
        ...(before.length === input.widgets.length
          ? {}
          : { widgets: { before: before.length, after: input.widgets.length } }),
      };
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "dashboard.updated",
        target: { type: "dashboard", id: row.id, label: input.name },
        changes: Object.keys(changes).length ? changes : null,
      });
      return dashboardRecord(trx, updated);
    }),
  );
}
