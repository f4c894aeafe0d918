import type { AccountAccess } from "../../accounts/account-access.ts";
import type { ServiceContext } from "../../context.ts";
import { NotFoundError } from "../../service-error.ts";
import { enforceSlaReportPlan } from "../enforce-sla-report-plan.ts";
import { checkSlaTarget } from "../sla-target.ts";
import { distinctAddresses } from "./create-sla-schedule.ts";
import { listSlaSchedules } from "./list-sla-schedules.ts";
import { type SlaSchedule, targetThousandths } from "./sla-schedule-record.ts";

/** Changes a schedule's target or addresses. */
export async function updateSlaSchedule(
  ctx: ServiceContext,
  access: AccountAccess,
  id: string,
  changes: { targetPercent?: number | undefined; recipients?: readonly string[] | undefined },
): Promise<SlaSchedule> {
  enforceSlaReportPlan(access.plan);
  if (changes.targetPercent !== undefined) checkSlaTarget(changes.targetPercent);
  const result = await ctx.db
    .updateTable("sla_report_schedules")
    .set({
      updated_at: ctx.now(),
      ...(changes.targetPercent === undefined
        ? {}
        : { target_thousandths: targetThousandths(changes.targetPercent) }),
      ...(changes.recipients === undefined
        ? {}
        : { recipients: JSON.stringify(distinctAddresses(changes.recipients)) }),
    })
    .where("id", "=", id)
    .where("account_id", "=", access.accountId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new NotFoundError("report schedule");
  return (await listSlaSchedules(ctx, access, id))[0]!;
}

/** Stops mailing a report. */
export async function deleteSlaSchedule(
  ctx: ServiceContext,
  access: AccountAccess,
  id: string,
): Promise<void> {
  enforceSlaReportPlan(access.plan);
  const result = await ctx.db
    .deleteFrom("sla_report_schedules")
    .where("id", "=", id)
    .where("account_id", "=", access.accountId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new NotFoundError("report schedule");
}
