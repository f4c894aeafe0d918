import type { AccountAccess } from "../../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../../audit/record-audit-event.ts";
import type { ServiceContext } from "../../context.ts";
import { ServiceError } from "../../service-error.ts";
import { enforceSlaReportPlan } from "../enforce-sla-report-plan.ts";
import { readReportSubject } from "../report-subject.ts";
import type { SlaSubjectType } from "../sla-report.ts";
import { checkSlaTarget } from "../sla-target.ts";
import { listSlaSchedules } from "./list-sla-schedules.ts";
import { storeReportRecipients } from "./report-recipients.ts";
import {
  MAX_SCHEDULES_PER_ACCOUNT,
  type SlaSchedule,
  targetThousandths,
} from "./sla-schedule-record.ts";

/** What a new schedule mails, and to whom. */
export interface SlaScheduleInput {
  subject: { type: SlaSubjectType; id: string };
  targetPercent: number;
  recipients: readonly string[];
}

/** Distinct addresses, compared without regard to case, in the order given. */
export function distinctAddresses(addresses: readonly string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Schedules a subject's report to be mailed on the first day of every month; addresses that are
 * not members' get a confirmation mail whose link starts with `linkBase`.
 */
export async function createSlaSchedule(
  ctx: ServiceContext,
  access: AccountAccess,
  input: SlaScheduleInput,
  linkBase: string,
): Promise<SlaSchedule> {
  enforceSlaReportPlan(access.plan);
  checkSlaTarget(input.targetPercent);
  const subject = await readReportSubject(ctx, access.accountId, input.subject);
  const count = await ctx.db
    .selectFrom("sla_report_schedules")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_id", "=", access.accountId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_SCHEDULES_PER_ACCOUNT) {
    throw new ServiceError(
      "conflict",
      `An account keeps at most ${MAX_SCHEDULES_PER_ACCOUNT} report schedules; delete one first.`,
    );
  }
  const id = ctx.newId("rps");
  const now = ctx.now();
  const recipients = distinctAddresses(input.recipients);
  await ctx.transact(async (trx) => {
    await trx
      .insertInto("sla_report_schedules")
      .values({
        id,
        account_id: access.accountId,
        subject_type: input.subject.type,
        subject_id: input.subject.id,
        target_thousandths: targetThousandths(input.targetPercent),
        recipients: JSON.stringify(recipients),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await storeReportRecipients(trx, ctx, access, id, recipients, linkBase);
    await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
      action: "report_schedule.created",
      target: { type: "report_schedule", id, label: subject.name },
      changes: {
        target: { before: null, after: input.targetPercent },
        recipients: { before: null, after: recipients },
      },
    });
  });
  return (await listSlaSchedules(ctx, access, id))[0]!;
}
