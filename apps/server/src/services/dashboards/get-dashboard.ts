import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { type DashboardRecord, dashboardRecord } from "./dashboard-record.ts";
import { findOwnedDashboard } from "./owned-dashboard.ts";

/** One of the account's boards with its widgets. */
export async function getDashboard(
  ctx: ServiceContext,
  access: AccountAccess,
  dashboardId: string,
): Promise<DashboardRecord> {
  return dashboardRecord(ctx.db, await findOwnedDashboard(ctx.db, access, dashboardId));
}
