import type { WidgetInput } from "@upwatch/api";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { type DashboardRecord, dashboardRecord } from "./dashboard-record.ts";
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
      await saveWidgets(trx, ctx, { id: row.id, accountId: access.accountId }, input.widgets);
      return dashboardRecord(trx, updated);
    }),
  );
}
