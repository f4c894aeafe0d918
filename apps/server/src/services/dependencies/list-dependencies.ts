import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { type DependencyView, viewAgentDependency, viewDependency } from "./dependency-record.ts";

/** The account's dependencies of monitors and of agents, oldest first. */
export async function listDependencies(
  ctx: ServiceContext,
  access: AccountAccess,
): Promise<DependencyView[]> {
  const monitors = await ctx.db
    .selectFrom("dependencies")
    .selectAll()
    .where("account_id", "=", access.accountId)
    .execute();
  const agents = await ctx.db
    .selectFrom("agent_dependencies")
    .selectAll()
    .where("account_id", "=", access.accountId)
    .execute();
  return [...monitors.map(viewDependency), ...agents.map(viewAgentDependency)].sort(
    (a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
