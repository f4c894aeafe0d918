import type { AccountAccess } from "../../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../../audit/record-audit-event.ts";
import type { ServiceContext } from "../../context.ts";
import { NotFoundError } from "../../service-error.ts";
import { enforceSlaReportPlan } from "../enforce-sla-report-plan.ts";
import { checkSlaTarget } from "../sla-target.ts";
import { distinctAddresses } from "./create-sla-schedule.ts";
import { listSlaSchedules } from "./list-sla-schedules.ts";
import { storeReportRecipients } from "./report-recipients.ts";
import { type SlaSchedule, targetThousandths } from "./sla-schedule-record.ts";

/** One of the account's schedules as it stands, or not found. */
async function ownSchedule(ctx: ServiceContext, access: AccountAccess, id: string) {
  const [schedule] = await listSlaSchedules(ctx, access, id);
  if (!schedule) throw new NotFoundError("report schedule");
  return schedule;
}

/**
 * Changes a schedule's target or addresses, recording the change in the audit log. Any address
 * not yet asked for its consent (a new one, or one scheduled before confirmation existed) gets
 * its confirmation mail now.
 */
export async function updateSlaSchedule(
  ctx: ServiceContext,
  access: AccountAccess,
  id: string,
  changes: { targetPercent?: number | undefined; recipients?: readonly string[] | undefined },
  linkBase: string,
): Promise<SlaSchedule> {
  enforceSlaReportPlan(access.plan);
  if (changes.targetPercent !== undefined) checkSlaTarget(changes.targetPercent);
  const before = await ownSchedule(ctx, access, id);
  const recipients =
    changes.recipients === undefined ? undefined : distinctAddresses(changes.recipients);
  await ctx.transact(async (trx) => {
    await trx
      .updateTable("sla_report_schedules")
      .set({
        updated_at: ctx.now(),
        ...(changes.targetPercent === undefined
          ? {}
          : { target_thousandths: targetThousandths(changes.targetPercent) }),
        ...(recipients === undefined ? {} : { recipients: JSON.stringify(recipients) }),
      })
      .where("id", "=", id)
      .where("account_id", "=", access.accountId)
      .execute();
    await storeReportRecipients(trx, ctx, access, id, recipients ?? before.recipients, linkBase);
    await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
      action: "report_schedule.updated",
      target: { type: "report_schedule", id, label: before.subject.name },
      changes: {
        ...(changes.targetPercent === undefined
          ? {}
          : { target: { before: before.targetPercent, after: changes.targetPercent } }),
        ...(recipients === undefined
          ? {}
          : { recipients: { before: before.recipients, after: recipients } }),
      },
    });
  });
  return ownSchedule(ctx, access, id);
}

/** Stops mailing a report, recording it in the audit log. */
export async function deleteSlaSchedule(
  ctx: ServiceContext,
  access: AccountAccess,
  id: string,
): Promise<void> {
  enforceSlaReportPlan(access.plan);
  const before = await ownSchedule(ctx, access, id);
  await ctx.transact(async (trx) => {
    await trx
      .deleteFrom("sla_report_schedules")
      .where("id", "=", id)
      .where("account_id", "=", access.accountId)
      .execute();
    await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
      action: "report_schedule.deleted",
      target: { type: "report_schedule", id, label: before.subject.name },
    });
  });
}
