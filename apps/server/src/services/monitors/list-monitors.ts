import { type Monitor, monitorFromRow } from "../../records/monitor-record.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { inAnyGroup } from "../groups/group-filter.ts";
import { groupIdsOfMonitors } from "../groups/group-links.ts";

/**
 * The account's monitors, oldest first (a plan allows at most 1,000, so no paging), each with
 * its groups; given groups, only the monitors in any of them.
 */
export async function listMonitors(
  ctx: ServiceContext,
  access: AccountAccess,
  groupIds?: readonly string[],
): Promise<Monitor[]> {
  const rows = await inAnyGroup(ctx.db.selectFrom("monitors").selectAll("monitors"), groupIds)
    .where("monitors.account_id", "=", access.accountId)
    .orderBy("monitors.created_at")
    .orderBy("monitors.id")
    .execute();
  const groups = await groupIdsOfMonitors(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...monitorFromRow(row, ctx.secrets),
    group_ids: groups.get(row.id) ?? [],
  }));
}
