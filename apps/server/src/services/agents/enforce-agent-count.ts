import { getPlan, withExtras } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { purchasedExtras } from "../../billing/purchased-extras.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { ServiceError } from "../service-error.ts";

/** Throws a plan-limit ServiceError when the plan, with the extra agents bought, has no room for another agent. */
export async function enforceAgentCount(
  db: Kysely<Database>,
  access: AccountAccess,
  now: number,
): Promise<void> {
  const plan = withExtras(getPlan(access.plan), await purchasedExtras(db, access.accountId, now));
  const limit = plan.limits.agents;
  if (limit === null) return;
  if (limit === 0) {
    throw new ServiceError(
      "plan-limit",
      `Agents are part of the Business and Enterprise+ plans; your plan (${plan.name}) has none.`,
    );
  }
  const { count } = await db
    .selectFrom("agents")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("account_id", "=", access.accountId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= limit) {
    throw new ServiceError(
      "plan-limit",
      `Your plan (${plan.name}) includes ${limit} agents; delete an agent or change plan to add another.`,
    );
  }
}
