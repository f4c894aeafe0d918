import { emailAddressSchema, REGIONS, storableId } from "@upwatch/core";
import { z } from "zod";

/** What a report can be about, as the API names it. */
export const SLA_SUBJECT_TYPES = ["monitor", "group", "agent", "status_page"] as const;

const subjectType = z.enum(SLA_SUBJECT_TYPES, {
  message: "subject_type must be monitor, group, agent or status_page.",
});
const targetMessage =
  "target must be a percentage above 0 and below 100 with at most three decimals, such as 99.9.";
const target = z.coerce
  .number({ message: targetMessage })
  .gt(0, { message: targetMessage })
  .lt(100, { message: targetMessage })
  .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, {
    message: targetMessage,
  });
const instant = (name: string) =>
  z
    .string({ message: `${name} must be a time such as 2026-11-01T00:00:00Z.` })
    .max(40, { message: `${name} must be a time such as 2026-11-01T00:00:00Z.` })
    .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
      message: `${name} must be a time such as 2026-11-01T00:00:00Z.`,
    });

/** The subject, period and target of a report, shared by its JSON, CSV and PDF forms. */
export const slaReportQuery = z
  .strictObject({
    subject_type: subjectType,
    subject_id: storableId("subject_id"),
    month: z
      .string({ message: "month must be written as 2026-11." })
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: "month must be written as 2026-11." })
      .optional()
      .describe("A calendar month in the account's time zone; or give from and to"),
    from: instant("from").optional().describe("Start of a custom period (ISO 8601)"),
    to: instant("to").optional().describe("End of a custom period, not included (ISO 8601)"),
    target: target.default(99.9).describe("The uptime target in percent (default 99.9)"),
  })
  .refine((q) => (q.month === undefined) !== (q.from === undefined && q.to === undefined), {
    message: "Give either month or both from and to, not both.",
  })
  .refine((q) => q.month !== undefined || (q.from !== undefined && q.to !== undefined), {
    message: "A custom period needs both from and to.",
  });

const figures = z.object({
  measured_minutes: z.number(),
  maintenance_minutes: z.number().describe("Maintenance windows, left out of every figure"),
  downtime_minutes: z.number(),
  uptime_percent: z.number().nullable(),
  allowed_downtime_minutes: z.number(),
  budget_left_minutes: z.number().describe("Below zero when the target was missed"),
  target_met: z.boolean().nullable(),
  outages: z.number(),
  mttr_minutes: z.number().nullable().describe("Mean time to recover"),
  mtbf_minutes: z.number().nullable().describe("Mean time between failures"),
});

const response = z.object({
  checks: z.number(),
  up_checks: z.number(),
  checks_up_percent: z.number().nullable(),
  average_ms: z.number().nullable(),
  p50_ms: z.number().nullable(),
  p95_ms: z.number().nullable(),
  p99_ms: z.number().nullable(),
});

/** An SLA report as the API answers it. */
export const slaReportResponse = z.object({
  subject: z.object({ type: subjectType, id: z.string(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  measured_until: z.string(),
  time_zone: z.string(),
  month: z.string().nullable(),
  generated_at: z.string(),
  target_percent: z.number(),
  whole: figures,
  response: response.nullable(),
  members: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(["monitor", "agent"]),
      figures,
      response: response.nullable(),
    }),
  ),
  outages: z.array(
    z.object({
      member_id: z.string(),
      member_name: z.string(),
      started_at: z.string(),
      ended_at: z.string().nullable(),
      duration_minutes: z.number(),
      counted_minutes: z.number().describe("Inside the period and outside maintenance"),
      cause: z.string(),
    }),
  ),
  maintenance: z.array(
    z.object({
      member_id: z.string(),
      member_name: z.string(),
      title: z.string(),
      starts_at: z.string(),
      ends_at: z.string(),
    }),
  ),
  regions: z.array(
    z.object({
      member_id: z.string(),
      member_name: z.string(),
      region: z.enum(REGIONS),
      checks: z.number(),
      missed: z.number(),
      uptime_percent: z.number().nullable(),
      average_ms: z.number().nullable(),
      p50_ms: z.number().nullable(),
      p95_ms: z.number().nullable(),
    }),
  ),
  days: z.array(
    z.object({
      start: z.string(),
      uptime_percent: z.number().nullable(),
      downtime_minutes: z.number(),
    }),
  ),
});

/** The most addresses one schedule mails. */
export const MAX_SCHEDULE_RECIPIENTS = 20;

const recipients = z
  .array(emailAddressSchema, { message: "recipients must be a list of e-mail addresses." })
  .min(1, { message: "Name at least one address to mail the report to." })
  .max(MAX_SCHEDULE_RECIPIENTS, {
    message: `A schedule mails at most ${MAX_SCHEDULE_RECIPIENTS} addresses.`,
  });

/** A monthly report schedule to create. */
export const slaScheduleCreate = z.strictObject({
  subject_type: subjectType,
  subject_id: storableId("subject_id"),
  target: target.default(99.9),
  recipients,
});

/** Changes to a schedule. */
export const slaScheduleUpdate = z.strictObject({
  target: target.optional(),
  recipients: recipients.optional(),
});

/** The scheduled address to mail a new confirmation link to. */
export const slaScheduleConfirmationResend = z.strictObject({ address: emailAddressSchema });

export const slaScheduleResponse = z.object({
  id: z.string(),
  subject: z.object({ type: subjectType, id: z.string(), name: z.string() }),
  target_percent: z.number(),
  recipients: z.array(z.string()),
  /** Each address, and whether it agreed to receive the report; only those that did get it. */
  recipient_confirmations: z.array(z.object({ address: z.string(), confirmed: z.boolean() })),
  last_sent_month: z.string().nullable(),
  created_at: z.string(),
});

export const slaScheduleListResponse = z.object({ data: z.array(slaScheduleResponse) });
