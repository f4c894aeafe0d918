import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { readWidgets } from "./dashboard-record.ts";
import { loadWidgetData, type WidgetFigures } from "./load-widget-data.ts";
import { findOwnedDashboard } from "./owned-dashboard.ts";

/** What each widget of one of the account's boards shows now, by widget id. */
export async function getDashboardData(
  ctx: ServiceContext,
  access: AccountAccess,
  dashboardId: string,
): Promise<{ at: number; widgets: Array<WidgetFigures & { id: string }> }> {
  const row = await findOwnedDashboard(ctx.db, access, dashboardId);
  const widgets = await readWidgets(ctx.db, row.id);
  const figures = await loadWidgetData({ ctx, access }, widgets);
  return {
    at: ctx.now(),
    widgets: widgets.map((widget, index) => ({ id: widget.id, ...figures[index]! })),
  };
}
