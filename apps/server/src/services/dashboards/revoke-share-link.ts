import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";
import { findOwnedDashboard } from "./owned-dashboard.ts";

/** Revokes a board's link at once; revoking twice is fine. */
export async function revokeShareLink(
  ctx: ServiceContext,
  access: AccountAccess,
  dashboardId: string,
  linkId: string,
): Promise<void> {
  const board = await findOwnedDashboard(ctx.db, access, dashboardId);
  const link = await ctx.db
    .selectFrom("dashboard_share_links")
    .select(["id", "name", "revoked_at"])
    .where("id", "=", linkId)
    .where("dashboard_id", "=", board.id)
    .executeTakeFirst();
  if (!link) throw new NotFoundError("link");
  if (link.revoked_at !== null) return;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("dashboard_share_links")
      .set({ revoked_at: ctx.now() })
      .where("id", "=", link.id)
      .execute();
    await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
      action: "dashboard.link_revoked",
      target: { type: "dashboard", id: board.id, label: `${board.name}: link “${link.name}”` },
    });
  });
}
