import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { type Monitor, monitorFromRow } from "./monitor-record.ts";

/** The account's monitors, oldest first (a plan allows at most 1,000, so no paging). */
export async function listMonitors(ctx: ServiceContext, access: AccountAccess): Promise<Monitor[]> {
  const rows = await ctx.db
    .selectFrom("monitors")
    .selectAll()
    .where("account_id", "=", access.accountId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => monitorFromRow(row, ctx.secrets));
}
