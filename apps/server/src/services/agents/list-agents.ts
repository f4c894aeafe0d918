import type { Agent } from "@upwatch/api";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { loadAgentExtras, presentAgent } from "./present-agent.ts";

/** The account's agents, by name. */
export async function listAgents(ctx: ServiceContext, access: AccountAccess): Promise<Agent[]> {
  const rows = await ctx.db
    .selectFrom("agents")
    .selectAll()
    .where("account_id", "=", access.accountId)
    .orderBy("name")
    .orderBy("id")
    .execute();
  const extras = await loadAgentExtras(
    ctx.db,
    rows.map((row) => row.id),
  );
  const now = ctx.now();
  return rows.map((row) => presentAgent(row, extras, now));
}
