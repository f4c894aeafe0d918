import type { Group } from "@upwatch/api";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { viewGroups } from "./group-record.ts";

/** The account's groups sorted by name (at most 200, so no paging). */
export async function listGroups(ctx: ServiceContext, access: AccountAccess): Promise<Group[]> {
  const rows = await ctx.db
    .selectFrom("monitor_groups")
    .selectAll()
    .where("account_id", "=", access.accountId)
    .orderBy("name_key")
    .orderBy("id")
    .execute();
  return viewGroups(ctx.db, rows);
}
