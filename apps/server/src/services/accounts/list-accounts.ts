import type { ServiceContext } from "../context.ts";

export interface AccountSummary {
  id: string;
  name: string;
  plan: string;
  createdAt: number;
  monitors: number;
  activeKeys: number;
}

/** Every account with its monitor and active-key counts, oldest first. */
export async function listAccounts(ctx: ServiceContext): Promise<AccountSummary[]> {
  const rows = await ctx.db
    .selectFrom("accounts")
    .select((eb) => [
      "accounts.id",
      "accounts.name",
      "accounts.plan",
      "accounts.created_at",
      eb
        .selectFrom("monitors")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("monitors.account_id", "=", "accounts.id")
        .as("monitors"),
      eb
        .selectFrom("api_keys")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("api_keys.account_id", "=", "accounts.id")
        .where("api_keys.revoked_at", "is", null)
        .as("active_keys"),
    ])
    .orderBy("accounts.created_at")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    plan: row.plan,
    createdAt: row.created_at,
    monitors: Number(row.monitors ?? 0),
    activeKeys: Number(row.active_keys ?? 0),
  }));
}
