import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { enforceAuditLogPlan } from "./enforce-audit-log-plan.ts";

/** The people who appear in the account's audit log, by their address. */
export async function listAuditActors(
  ctx: ServiceContext,
  access: AccountAccess,
): Promise<Array<{ user_id: string; label: string }>> {
  enforceAuditLogPlan(access.plan);
  const rows = await ctx.db
    .selectFrom("audit_events")
    .select((eb) => ["actor_user_id", eb.fn.max("actor_label").as("label")])
    .where("account_id", "=", access.accountId)
    .where("actor_kind", "=", "user")
    .where("actor_user_id", "is not", null)
    .groupBy("actor_user_id")
    .execute();
  return rows
    .map((row) => ({ user_id: row.actor_user_id as string, label: String(row.label) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
