import { z } from "zod";

/** An audit log cursor, `<at ms>.<event id>`: the last event of the previous page. */
export const AUDIT_CURSOR = /^(\d{1,16})\.([A-Za-z0-9_-]{1,100})$/;

const limitMessage = "limit must be a whole number from 1 to 200.";
const dateMessage = (name: string) =>
  `${name} must be a date or time such as 2026-12-01 or 2026-12-01T08:30:00Z.`;
const isoDate = (name: string) =>
  z
    .string()
    .max(40, { message: dateMessage(name) })
    .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
      message: dateMessage(name),
    });

/** The filters of the audit log and its CSV export. */
export const auditFilterQuery = z.strictObject({
  actor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, { message: "actor must be the id of a person." })
    .optional()
    .describe("Only events by this person (user id)"),
  action: z
    .string()
    .regex(/^[a-z_]{1,40}(\.[a-z_]{0,40})?$/, {
      message: "action must be an action such as monitor.updated, or a prefix such as monitor.",
    })
    .optional()
    .describe("One action (`monitor.updated`) or every action of a thing (`monitor.`)"),
  from: isoDate("from").optional().describe("Events at or after this time (ISO 8601)"),
  to: isoDate("to")
    .optional()
    .describe("Events before this time (ISO 8601); a date alone includes that whole day"),
});

export const auditLogQuery = auditFilterQuery.extend({
  before: z
    .string()
    .regex(AUDIT_CURSOR, { message: "before must be a next_before from an earlier page." })
    .optional(),
  limit: z.coerce
    .number({ message: limitMessage })
    .int({ message: limitMessage })
    .min(1, { message: limitMessage })
    .max(200, { message: limitMessage })
    .default(50),
});

const change = z.object({ before: z.unknown(), after: z.unknown() });

export const auditEventResponse = z.object({
  id: z.string(),
  at: z.string().describe("ISO 8601 time"),
  actor: z.object({
    kind: z.enum(["user", "api_key", "operator", "system"]),
    user_id: z.string().nullable(),
    api_key_id: z.string().nullable(),
    label: z.string().describe("The person's e-mail address, the key's name, or Operator"),
  }),
  action: z.string(),
  action_label: z.string().describe("The action in words, e.g. Monitor changed"),
  target: z.object({ type: z.string(), id: z.string(), label: z.string() }).nullable(),
  changes: z
    .record(z.string(), change)
    .nullable()
    .describe("Fields before and after; secrets masked"),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});

export const auditLogResponse = z.object({
  data: z.array(auditEventResponse),
  next_before: z
    .string()
    .nullable()
    .describe("Pass as before= for older events; null on the last page"),
});

export const auditActorsResponse = z.object({
  data: z.array(
    z.object({ user_id: z.string(), label: z.string().describe("The person's e-mail address") }),
  ),
});

/** One event of the audit log as the API answers it. */
export type AuditEvent = z.infer<typeof auditEventResponse>;
