import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { enforceDashboardPlan } from "./enforce-dashboard-plan.ts";

export interface DashboardSummary {
  id: string;
  name: string;
  widgetCount: number;
  /** Links that work now: neither revoked nor expired. */
  shareLinkCount: number;
  createdAt: number;
  updatedAt: number;
}

/** The account's boards, oldest first, with how many widgets and working links each has. */
export async function listDashboards(
  ctx: ServiceContext,
  access: AccountAccess,
): Promise<DashboardSummary[]> {
  enforceDashboardPlan(access.plan);
  const now = ctx.now();
  const rows = await ctx.db
    .selectFrom("dashboards")
    .select((eb) => [
      "dashboards.id",
      "dashboards.name",
      "dashboards.created_at",
      "dashboards.updated_at",
      eb
        .selectFrom("dashboard_widgets")
        .select(eb.fn.countAll<string | number>().as("count"))
        .whereRef("dashboard_widgets.dashboard_id", "=", "dashboards.id")
        .as("widget_count"),
      eb
        .selectFrom("dashboard_share_links")
        .select(eb.fn.countAll<string | number>().as("count"))
        .whereRef("dashboard_share_links.dashboard_id", "=", "dashboards.id")
        .where("dashboard_share_links.revoked_at", "is", null)
        .where((inner) =>
          inner.or([
            inner("dashboard_share_links.expires_at", "is", null),
            inner("dashboard_share_links.expires_at", ">", now),
          ]),
        )
        .as("link_count"),
    ])
    .where("dashboards.account_id", "=", access.accountId)
    .orderBy("dashboards.created_at")
    .orderBy("dashboards.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    widgetCount: Number(row.widget_count ?? 0),
    shareLinkCount: Number(row.link_count ?? 0),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  }));
}
