import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { findOwnedDashboard } from "./owned-dashboard.ts";
import { type ShareLinkRecord, shareLinkRecord } from "./share-link-record.ts";

/** A board's links, newest first, revoked and expired ones included, never their tokens. */
export async function listShareLinks(
  ctx: ServiceContext,
  access: AccountAccess,
  dashboardId: string,
): Promise<ShareLinkRecord[]> {
  const board = await findOwnedDashboard(ctx.db, access, dashboardId);
  const rows = await ctx.db
    .selectFrom("dashboard_share_links")
    .selectAll()
    .where("dashboard_id", "=", board.id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(shareLinkRecord);
}
