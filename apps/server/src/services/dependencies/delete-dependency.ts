import type { AccountAccess } from "../accounts/account-access.ts";
import type { AlertingHooks } from "../alerts/alerting-hooks.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";

/**
 * Removes one of the account's dependencies, of a monitor or of an agent; the child's held
 * notifications are looked at again.
 */
export async function deleteDependency(
  ctx: ServiceContext,
  hooks: Pick<AlertingHooks, "recheck">,
  access: AccountAccess,
  dependencyId: string,
): Promise<void> {
  let deleted = 0;
  for (const table of ["dependencies", "agent_dependencies"] as const) {
    const result = await ctx.db
      .deleteFrom(table)
      .where("id", "=", dependencyId)
      .where("account_id", "=", access.accountId)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    if (deleted) break;
  }
  if (deleted !== 1) throw new NotFoundError("dependency");
  hooks.recheck();
}
