import { PLANS } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** Events deleted per statement, so a large backlog is many small deletes. */
const PER_DELETE = 5_000;
const DAY_MS = 86_400_000;

/**
 * Forgets audit events older than each account's plan keeps history (plans with unlimited
 * history keep them all); returns how many were deleted. Nothing else deletes or changes them.
 */
export async function pruneAuditEvents(
  db: Kysely<Database>,
  now: number,
  perDelete = PER_DELETE,
): Promise<number> {
  let deleted = 0;
  for (const plan of PLANS) {
    if (plan.limits.historyDays === null) continue;
    const cutoff = now - plan.limits.historyDays * DAY_MS;
    for (;;) {
      const result = await db
        .deleteFrom("audit_events")
        .where("id", "in", (eb) =>
          eb
            .selectFrom("audit_events")
            .innerJoin("accounts", "accounts.id", "audit_events.account_id")
            .select("audit_events.id")
            .where("accounts.plan", "=", plan.id)
            .where("audit_events.at", "<", cutoff)
            .limit(perDelete),
        )
        .executeTakeFirst();
      const count = Number(result.numDeletedRows);
      deleted += count;
      if (count < perDelete) break;
    }
  }
  return deleted;
}
