import { type Monitor, monitorFromRow } from "../../records/monitor-record.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { groupIdsOfMonitors } from "../groups/group-links.ts";
import { NotFoundError } from "../service-error.ts";

/** One of the account's monitors with its groups; another account's monitor is not found, as a missing one. */
export async function getMonitor(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
): Promise<Monitor> {
  const row = await ctx.db
    .selectFrom("monitors")
    .selectAll()
    .where("id", "=", monitorId)
    .where("account_id", "=", access.accountId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("monitor");
  const groups = await groupIdsOfMonitors(ctx.db, [row.id]);
  return { ...monitorFromRow(row, ctx.secrets), group_ids: groups.get(row.id) ?? [] };
}
