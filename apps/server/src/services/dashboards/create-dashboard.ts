import type { WidgetInput } from "@upwatch/api";
import { MAX_DASHBOARDS_PER_ACCOUNT } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { type DashboardRecord, dashboardRecord } from "./dashboard-record.ts";
import { enforceDashboardPlan } from "./enforce-dashboard-plan.ts";
import { checkLayout, saveWidgets } from "./save-widgets.ts";

/** Makes a board for the account, empty or with widgets, within the plan and the board limit. */
export async function createDashboard(
  ctx: ServiceContext,
  access: AccountAccess,
  input: { name: string; widgets: readonly WidgetInput[] },
): Promise<DashboardRecord> {
  enforceDashboardPlan(access.plan);
  checkLayout(input.widgets);
  const id = ctx.newId("dash");
  const now = ctx.now();
  return storeOrExplain("the board", () =>
    ctx.db.transaction().execute(async (trx) => {
      const { count } = await trx
        .selectFrom("dashboards")
        .select((eb) => eb.fn.countAll<string | number>().as("count"))
        .where("account_id", "=", access.accountId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= MAX_DASHBOARDS_PER_ACCOUNT) {
        throw new ServiceError(
          "conflict",
          `An account can keep at most ${MAX_DASHBOARDS_PER_ACCOUNT} boards; delete one to make another.`,
        );
      }
      const row = {
        id,
        account_id: access.accountId,
        name: input.name,
        created_at: now,
        updated_at: now,
      };
      await trx.insertInto("dashboards").values(row).execute();
      await saveWidgets(trx, ctx, { id, accountId: access.accountId }, input.widgets);
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "dashboard.created",
        target: { type: "dashboard", id, label: input.name },
      });
      return dashboardRecord(trx, row);
    }),
  );
}
