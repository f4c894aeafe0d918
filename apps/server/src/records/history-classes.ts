import { ALL_PLANS, effectiveHistoryDays } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely, SelectQueryBuilder } from "kysely";

type AccountIds = SelectQueryBuilder<Database, "accounts", { id: string }>;

/** Accounts that keep the same number of days of history, as a subquery of their ids. */
export interface HistoryClass {
  days: number;
  accounts: AccountIds;
}

/**
 * Every account sorted by how long it keeps history: one class per plan with a fixed history,
 * and on plans whose history the account chooses one class per choice made (few distinct
 * values), so pruning deletes by subquery whatever the number of accounts.
 */
export async function historyClasses(
  db: Kysely<Database>,
  maxDays: number,
): Promise<HistoryClass[]> {
  const classes: HistoryClass[] = [];
  const choosing = ALL_PLANS.filter((plan) => plan.limits.historyDays === null);
  for (const plan of ALL_PLANS) {
    if (plan.limits.historyDays === null) continue;
    const accounts = db.selectFrom("accounts").select("id").where("plan", "=", plan.id);
    classes.push({ days: plan.limits.historyDays, accounts });
  }
  for (const plan of choosing) {
    const choices = await db
      .selectFrom("accounts")
      .select("history_days")
      .distinct()
      .where("plan", "=", plan.id)
      .execute();
    for (const { history_days: chosen } of choices) {
      const days = effectiveHistoryDays({ plan, chosenDays: chosen, maxDays });
      const ofPlan = db.selectFrom("accounts").select("id").where("plan", "=", plan.id);
      const accounts =
        chosen === null
          ? ofPlan.where("history_days", "is", null)
          : ofPlan.where("history_days", "=", chosen);
      classes.push({ days, accounts });
    }
  }
  return classes;
}
