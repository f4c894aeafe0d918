import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";

/** Dismisses every plan change notice of the account, for everyone in it. */
export async function dismissPlanChange(ctx: ServiceContext, access: AccountAccess): Promise<void> {
  await ctx.db
    .updateTable("plan_changes")
    .set({ dismissed_at: ctx.now(), dismissed_by: access.userId ?? null })
    .where("account_id", "=", access.accountId)
    .where("dismissed_at", "is", null)
    .execute();
}
