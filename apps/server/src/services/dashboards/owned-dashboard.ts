import type { DashboardTable, Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import { NotFoundError } from "../service-error.ts";
import { enforceDashboardPlan } from "./enforce-dashboard-plan.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The account's board with that id, once the plan is known to include boards; another account's
 * board is not found, like a missing one.
 */
export async function findOwnedDashboard(
  db: Db,
  access: Pick<AccountAccess, "accountId" | "plan">,
  dashboardId: string,
): Promise<DashboardTable> {
  enforceDashboardPlan(access.plan);
  const row = await db
    .selectFrom("dashboards")
    .selectAll()
    .where("id", "=", dashboardId)
    .where("account_id", "=", access.accountId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("board");
  return row;
}
