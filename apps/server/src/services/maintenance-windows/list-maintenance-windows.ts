import type { MaintenanceWindow } from "@upwatch/api";
import type { AccountAccess } from "../accounts/account-access.ts";
import { readAccountTimeZone } from "../accounts/account-time-zone.ts";
import type { ServiceContext } from "../context.ts";
import { findWindowRow, viewWindows } from "./window-record.ts";

const PAST_SHOWN = 100;

/** The account's windows: under way and coming first (soonest first), then past ones (latest first). */
export async function listMaintenanceWindows(
  ctx: Pick<ServiceContext, "db" | "now">,
  access: Pick<AccountAccess, "accountId">,
): Promise<MaintenanceWindow[]> {
  const now = ctx.now();
  const zone = await readAccountTimeZone(ctx.db, access.accountId);
  const current = await ctx.db
    .selectFrom("maintenance_windows")
    .selectAll()
    .where("account_id", "=", access.accountId)
    .where("ends_at", ">", now)
    .execute();
  const past = await ctx.db
    .selectFrom("maintenance_windows")
    .selectAll()
    .where("account_id", "=", access.accountId)
    .where("ends_at", "<=", now)
    .orderBy("ends_at", "desc")
    .limit(PAST_SHOWN)
    .execute();
  const views = await viewWindows(ctx.db, [...current, ...past], zone, now);
  const nextStart = (view: MaintenanceWindow) => view.next_occurrences[0]?.starts_at ?? "9999";
  const coming = views
    .slice(0, current.length)
    .sort((a, b) => nextStart(a).localeCompare(nextStart(b)));
  return [...coming, ...views.slice(current.length)];
}

/** One window of the account with its next occurrences. */
export async function getMaintenanceWindow(
  ctx: Pick<ServiceContext, "db" | "now">,
  access: Pick<AccountAccess, "accountId">,
  windowId: string,
): Promise<MaintenanceWindow> {
  const row = await findWindowRow(ctx.db, access.accountId, windowId);
  const zone = await readAccountTimeZone(ctx.db, access.accountId);
  const [view] = await viewWindows(ctx.db, [row], zone, ctx.now());
  return view as MaintenanceWindow;
}
