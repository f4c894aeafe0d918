import type { AccountAccess } from "../accounts/account-access.ts";
import type { AlertingHooks } from "../alerts/alerting-hooks.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";

/** Removes one of the account's dependencies; the child's held notifications are looked at again. */
export async function deleteDependency(
  ctx: ServiceContext,
  hooks: Pick<AlertingHooks, "recheck">,
  access: AccountAccess,
  dependencyId: string,
): Promise<void> {
  const result = await ctx.db
    .deleteFrom("dependencies")
    .where("id", "=", dependencyId)
    .where("account_id", "=", access.accountId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw new NotFoundError("dependency");
  hooks.recheck();
}
