import { RECURRENCE_FREQUENCIES, recurrenceRuleSchema, storableText } from "@upwatch/core";
import { z } from "zod";

/** How many windows of monitors and groups an account may keep. */
export const MAX_MAINTENANCE_WINDOWS = 500;
const MAX_TITLE = 200;
const MAX_NOTE = 2000;

const when = (field: string) =>
  z.iso.datetime({
    offset: true,
    message: `${field} must be an ISO 8601 time such as 2026-12-01T02:00:00Z.`,
  });

const text = (field: string, max: number, min = 0) => {
  const base = z
    .string({ message: `${field} must be text.` })
    .check(storableText(field))
    .trim()
    .max(max, { message: `${field} can be at most ${max.toLocaleString("en")} characters.` });
  return min > 0 ? base.min(min, { message: `${field} cannot be empty.` }) : base;
};

const idList = (field: string, what: string, max: number) =>
  z
    .array(
      z.string({ message: `${field} must be a list of ${what} ids.` }).check(storableText(field)),
      {
        message: `${field} must be a list of ${what} ids.`,
      },
    )
    .max(max, { message: `${field} can list at most ${max} ${what}s.` })
    .transform((ids) => [...new Set(ids)]);

/** A window's timing in a request: `starts_at` with `ends_at` for one window, or `recurrence`. */
export const windowTimingFields = {
  starts_at: when("starts_at").optional(),
  ends_at: when("ends_at").optional(),
  recurrence: recurrenceRuleSchema.nullable().optional(),
};

/** The sentence for a body that mixes one window's times with a rule, or gives half of either. */
export function timingProblem(
  body: { starts_at?: string | undefined; ends_at?: string | undefined; recurrence?: unknown },
  options: { halfTimes?: boolean } = {},
): string | undefined {
  const times = [body.starts_at, body.ends_at].filter((value) => value !== undefined).length;
  if (body.recurrence && times > 0) {
    return "Send either starts_at and ends_at for one window, or recurrence for a recurring one, not both.";
  }
  if (times === 1 && !options.halfTimes) return "Send both starts_at and ends_at.";
  return undefined;
}

const windowFields = {
  title: text("title", MAX_TITLE, 1),
  note: text("note", MAX_NOTE),
  monitor_ids: idList("monitor_ids", "monitor", 1000),
  group_ids: idList("group_ids", "group", 200),
  ...windowTimingFields,
};

/** Request bodies of the maintenance window operations. */
export const maintenanceWindowRequestSchemas = {
  create: z
    .strictObject({
      ...windowFields,
      note: windowFields.note.optional(),
      monitor_ids: windowFields.monitor_ids.optional(),
      group_ids: windowFields.group_ids.optional(),
    })
    .superRefine((body, context) => {
      const problem =
        timingProblem(body) ??
        (!body.recurrence && body.starts_at === undefined
          ? "Send starts_at and ends_at for one window, or recurrence for a recurring one."
          : undefined) ??
        ((body.monitor_ids ?? []).length + (body.group_ids ?? []).length === 0
          ? "Choose at least one monitor (monitor_ids) or group (group_ids) for the window to cover."
          : undefined);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  update: z
    .strictObject({
      title: windowFields.title.optional(),
      note: windowFields.note.optional(),
      monitor_ids: windowFields.monitor_ids.optional(),
      group_ids: windowFields.group_ids.optional(),
      ...windowTimingFields,
    })
    .superRefine((body, context) => {
      const problem =
        timingProblem(body) ??
        (Object.values(body).every((value) => value === undefined)
          ? "Send at least one of title, note, monitor_ids, group_ids, starts_at with ends_at, and recurrence."
          : undefined);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  skip: z.strictObject({ occurrence_starts_at: when("occurrence_starts_at") }),
};

const isoTime = z.string().describe("ISO 8601 time");

export const occurrenceResponse = z.object({ starts_at: isoTime, ends_at: isoTime });

export const recurrenceResponse = z.object({
  frequency: z.enum(RECURRENCE_FREQUENCIES),
  weekdays: z.array(z.string()).optional(),
  month_day: z.number().int().optional(),
  month_week: z.string().optional(),
  month_weekday: z.string().optional(),
  start_time: z.string(),
  duration_minutes: z.number().int(),
  starts_on: z.string(),
  ends_on: z.string().nullable().optional(),
});

/** What a recurring window answers about its rule and its coming occurrences, on both kinds. */
export const recurrenceFacts = {
  recurrence: recurrenceResponse
    .nullable()
    .describe("The rule, read in time_zone; null for one window."),
  recurrence_text: z.string().nullable().describe("The rule in a sentence; null for one window."),
  time_zone: z.string().describe("The account's time zone, in which the rule is read."),
  next_occurrences: z
    .array(occurrenceResponse)
    .describe("The occurrence under way and the next ones (at most 5); empty once it is over."),
  skipped: z.array(isoTime).describe("Starts of the occurrences skipped."),
};

export const MAINTENANCE_WINDOW_STATUSES = ["scheduled", "in_progress", "completed"] as const;

export const maintenanceWindowResponse = z.object({
  id: z.string(),
  title: z.string(),
  note: z.string(),
  monitors: z.array(z.object({ id: z.string(), name: z.string() })),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  starts_at: isoTime.describe("When the window, or the series' first occurrence, begins."),
  ends_at: isoTime
    .nullable()
    .describe(
      "When the window, or the series' last occurrence, ends; null for a series without end.",
    ),
  status: z.enum(MAINTENANCE_WINDOW_STATUSES),
  ...recurrenceFacts,
  created_at: isoTime,
  updated_at: isoTime,
});
export const maintenanceWindowListResponse = z.object({ data: z.array(maintenanceWindowResponse) });
export type MaintenanceWindow = z.output<typeof maintenanceWindowResponse>;
