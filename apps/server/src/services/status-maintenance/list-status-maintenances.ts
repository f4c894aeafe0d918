import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { findOwnedPage } from "../status-pages/owned-page.ts";
import { type MaintenanceView, viewMaintenances } from "./maintenance-view.ts";

const PAST_SHOWN = 100;

/** The page's windows: upcoming and under way first (soonest first), then past ones (latest first). */
export async function listStatusMaintenances(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  pageId: string,
): Promise<MaintenanceView[]> {
  const page = await findOwnedPage(ctx.db, access, pageId);
  const now = ctx.now();
  const current = await ctx.db
    .selectFrom("status_maintenances")
    .selectAll()
    .where("page_id", "=", page.id)
    .where("cancelled_at", "is", null)
    .where("ends_at", ">", now)
    .orderBy("starts_at")
    .execute();
  const past = await ctx.db
    .selectFrom("status_maintenances")
    .selectAll()
    .where("page_id", "=", page.id)
    .where((eb) => eb.or([eb("cancelled_at", "is not", null), eb("ends_at", "<=", now)]))
    .orderBy("starts_at", "desc")
    .limit(PAST_SHOWN)
    .execute();
  const views = await viewMaintenances(ctx.db, [...current, ...past], now);
  const nextStart = (view: MaintenanceView) =>
    view.recurrence.next_occurrences[0]?.starts_at ?? "9999";
  const coming = views
    .slice(0, current.length)
    .sort((a, b) => nextStart(a).localeCompare(nextStart(b)));
  return [...coming, ...views.slice(current.length)];
}
