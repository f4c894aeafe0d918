import { getPlan, type Plan, withExtras } from "@upwatch/core";
import { purchasedExtras } from "../../billing/purchased-extras.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";
import type { AccountAccess } from "./account-access.ts";

export interface AccountOverview {
  id: string;
  name: string;
  plan: Plan;
  monitors: number;
  /** Monitors not paused: the count a plan's limit holds when resuming one. */
  activeMonitors: number;
}

/**
 * The caller's account with its plan (its limits counting the extras it pays for) and how many
 * monitors it has, and how many are active.
 */
export async function getAccountOverview(
  ctx: ServiceContext,
  access: AccountAccess,
): Promise<AccountOverview> {
  const account = await ctx.db
    .selectFrom("accounts")
    .select(["id", "name"])
    .where("id", "=", access.accountId)
    .executeTakeFirst();
  if (!account) throw new NotFoundError("account");
  const counts = await ctx.db
    .selectFrom("monitors")
    .select((eb) => [
      eb.fn.countAll<number>().as("all"),
      eb.fn.count<number>("id").filterWhere("paused", "=", 0).as("active"),
    ])
    .where("account_id", "=", access.accountId)
    .executeTakeFirstOrThrow();
  return {
    id: account.id,
    name: account.name,
    plan: withExtras(
      getPlan(access.plan),
      await purchasedExtras(ctx.db, access.accountId, ctx.now()),
    ),
    monitors: Number(counts.all),
    activeMonitors: Number(counts.active),
  };
}
