import type { AccountAccess } from "../../accounts/account-access.ts";
import type { ServiceContext } from "../../context.ts";
import { ServiceError } from "../../service-error.ts";
import { enforceSlaReportPlan } from "../enforce-sla-report-plan.ts";
import { readReportSubject } from "../report-subject.ts";
import type { SlaSubjectType } from "../sla-report.ts";
import { readReportRecipients } from "./report-recipients.ts";
import { type SlaSchedule, scheduleFromRow } from "./sla-schedule-record.ts";

/** A subject's name, or words saying it is gone (its schedule then sends nothing). */
export async function subjectName(
  ctx: ServiceContext,
  accountId: string,
  subject: { type: SlaSubjectType; id: string },
): Promise<string> {
  try {
    return (await readReportSubject(ctx, accountId, subject)).name;
  } catch (error) {
    if (error instanceof ServiceError && error.code === "not-found") return "(deleted)";
    throw error;
  }
}

/** The account's report schedules, oldest first, each with the last month it sent. */
export async function listSlaSchedules(
  ctx: ServiceContext,
  access: AccountAccess,
  only?: string,
): Promise<SlaSchedule[]> {
  enforceSlaReportPlan(access.plan);
  let query = ctx.db
    .selectFrom("sla_report_schedules")
    .selectAll()
    .where("account_id", "=", access.accountId);
  if (only !== undefined) query = query.where("id", "=", only);
  const rows = await query.orderBy("created_at").orderBy("id").execute();
  const schedules: SlaSchedule[] = [];
  for (const row of rows) {
    const last = await ctx.db
      .selectFrom("sla_report_sends")
      .select("month")
      .where("schedule_id", "=", row.id)
      .orderBy("month", "desc")
      .limit(1)
      .executeTakeFirst();
    const subject = { type: row.subject_type as SlaSubjectType, id: row.subject_id };
    const name = await subjectName(ctx, access.accountId, subject);
    const recipients = await readReportRecipients(ctx.db, row.id, JSON.parse(row.recipients));
    const confirmed = recipients.filter((r) => r.confirmed).map((r) => r.address);
    schedules.push(scheduleFromRow(row, name, last?.month ?? null, confirmed));
  }
  return schedules;
}
