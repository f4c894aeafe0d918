import { getPlan } from "@upwatch/core";
import { isPlanId } from "../accounts/create-account.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { readWidgets } from "./dashboard-record.ts";
import { loadWidgetData, type WidgetFigures } from "./load-widget-data.ts";
import { shareTokenLookup, shareTokenMatches } from "./share-link-token.ts";

/** `last_used_at` is written at most this often per link, so a wall polling it stays a read. */
const LAST_USED_PRECISION_MS = 60_000;

export interface SharedDashboardView {
  name: string;
  at: number;
  expiresAt: number | null;
  widgets: Array<
    WidgetFigures & {
      type: string;
      title: string | null;
      x: number;
      y: number;
      w: number;
      h: number;
    }
  >;
}

/**
 * A board seen through a share link: its name, its widgets' places and figures, read for the
 * board's account. An unknown, wrong, revoked or expired token, a deleted board and an account
 * whose plan no longer has boards all look the same: not found.
 */
export async function viewSharedDashboard(
  ctx: ServiceContext,
  token: string,
): Promise<SharedDashboardView> {
  const lookup = shareTokenLookup(token);
  const link = lookup
    ? await ctx.db
        .selectFrom("dashboard_share_links")
        .innerJoin("dashboards", "dashboards.id", "dashboard_share_links.dashboard_id")
        .innerJoin("accounts", "accounts.id", "dashboards.account_id")
        .select([
          "dashboard_share_links.id",
          "dashboard_share_links.secret_hash",
          "dashboard_share_links.expires_at",
          "dashboard_share_links.revoked_at",
          "dashboard_share_links.last_used_at",
          "dashboards.id as dashboard_id",
          "dashboards.name",
          "accounts.id as account_id",
          "accounts.plan",
        ])
        .where("dashboard_share_links.lookup", "=", lookup)
        .executeTakeFirst()
    : undefined;
  const now = ctx.now();
  if (
    !link ||
    !shareTokenMatches(token, link.secret_hash) ||
    link.revoked_at !== null ||
    (link.expires_at !== null && Number(link.expires_at) <= now) ||
    !isPlanId(link.plan) ||
    !getPlan(link.plan).limits.customDashboards
  ) {
    throw new ServiceError(
      "not-found",
      "This link shows no board: it is unknown, revoked or expired, or its board was deleted.",
    );
  }
  if (link.last_used_at === null || now - Number(link.last_used_at) >= LAST_USED_PRECISION_MS) {
    await ctx.db
      .updateTable("dashboard_share_links")
      .set({ last_used_at: now })
      .where("id", "=", link.id)
      .execute();
  }
  const widgets = await readWidgets(ctx.db, link.dashboard_id);
  const figures = await loadWidgetData(
    { ctx, access: { accountId: link.account_id, plan: link.plan } },
    widgets,
  );
  return {
    name: link.name,
    at: now,
    expiresAt: link.expires_at === null ? null : Number(link.expires_at),
    widgets: widgets.map((widget, index) => ({
      type: widget.type,
      title: widget.title,
      x: widget.x,
      y: widget.y,
      w: widget.w,
      h: widget.h,
      ...figures[index]!,
    })),
  };
}
