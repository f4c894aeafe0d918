import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { type DependencyView, viewDependency } from "./dependency-record.ts";

/** The account's dependencies, oldest first. */
export async function listDependencies(
  ctx: ServiceContext,
  access: AccountAccess,
): Promise<DependencyView[]> {
  const rows = await ctx.db
    .selectFrom("dependencies")
    .selectAll()
    .where("account_id", "=", access.accountId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(viewDependency);
}
