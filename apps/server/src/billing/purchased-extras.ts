import { NO_EXTRAS, type PlanExtras } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { GRACE_MS } from "./grace-period.ts";
import { PLAN_GIVING_STATUSES } from "./subscription-facts.ts";

/**
 * The extra monitors and agents an account pays for: those of its subscriptions that still give
 * it a plan (paid, or within a failed payment's grace). None without billing.
 */
export async function purchasedExtras(
  db: Kysely<Database>,
  accountId: string,
  now: number,
): Promise<PlanExtras> {
  const row = await db
    .selectFrom("billing_subscriptions")
    .select((eb) => [
      eb.fn.sum<number | string | null>("extra_monitors").as("monitors"),
      eb.fn.sum<number | string | null>("extra_agents").as("agents"),
    ])
    .where("account_id", "=", accountId)
    .where("status", "in", PLAN_GIVING_STATUSES)
    .where((eb) =>
      eb.or([eb("payment_failed_at", "is", null), eb("payment_failed_at", ">", now - GRACE_MS)]),
    )
    .executeTakeFirst();
  if (!row) return NO_EXTRAS;
  return { monitors: Number(row.monitors ?? 0), agents: Number(row.agents ?? 0) };
}
