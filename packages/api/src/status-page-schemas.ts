import {
  ACCENT_COLOR_PATTERN,
  COMPONENT_STATES,
  CUSTOM_DOMAIN_PATTERN,
  INCIDENT_STAGES,
  STATUS_PAGE_LIMITS as LIMITS,
  recurrenceRuleSchema,
  slugProblem,
  storableId,
  storableText,
} from "@upwatch/core";
import { z } from "zod";
import { timingProblem } from "./maintenance-window-schemas.ts";

function text(field: string, max: number, options: { min?: number } = {}) {
  const min = options.min ?? 0;
  const base = z
    .string({ message: `${field} must be text.` })
    .check(storableText(field))
    .trim()
    .max(max, { message: `${field} can be at most ${max.toLocaleString("en")} characters.` });
  return min > 0 ? base.min(min, { message: `${field} cannot be empty.` }) : base;
}

function webUrl(field: string) {
  return text(field, LIMITS.urlChars)
    .refine((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), {
      message: `${field} must be an http:// or https:// address.`,
    })
    .nullable();
}

const id = storableId;

const stateMessage = `must be one of ${COMPONENT_STATES.join(", ")}.`;
export const componentStateSchema = z.enum(COMPONENT_STATES, {
  message: `state ${stateMessage}`,
});
export const incidentStageSchema = z.enum(INCIDENT_STAGES, {
  message: `stage must be one of ${INCIDENT_STAGES.join(", ")}.`,
});

const slug = z
  .string({ message: "slug must be text." })
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = slugProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const customDomain = z
  .string({ message: "custom_domain must be a host name such as status.example.com." })
  .trim()
  .toLowerCase()
  .regex(CUSTOM_DOMAIN_PATTERN, {
    message:
      "custom_domain must be a host name such as status.example.com, without a port or path.",
  })
  .nullable();

const pageFields = {
  name: text("name", LIMITS.nameChars, { min: 1 }),
  slug,
  headline: text("headline", LIMITS.headlineChars),
  accent_color: z
    .string({ message: "accent_color must be a colour such as #2563eb." })
    .regex(ACCENT_COLOR_PATTERN, { message: "accent_color must be a colour such as #2563eb." })
    .transform((value) => value.toLowerCase())
    .nullable(),
  website_url: webUrl("website_url"),
  support_url: webUrl("support_url"),
  white_label: z.boolean({ message: "white_label must be true or false." }),
  custom_domain: customDomain,
};

const when = (field: string) =>
  z.iso.datetime({
    offset: true,
    message: `${field} must be an ISO 8601 time such as 2026-12-01T02:00:00Z.`,
  });

const componentChange = z.strictObject({
  component_id: id("components[].component_id"),
  state: z.enum(COMPONENT_STATES, { message: `components[].state ${stateMessage}` }),
});
const componentChanges = z
  .array(componentChange, { message: "components must be a list of {component_id, state}." })
  .max(LIMITS.componentsPerPage, {
    message: `components can name at most ${LIMITS.componentsPerPage} components.`,
  });
const notify = z.boolean({ message: "notify_subscribers must be true or false." });
const componentIds = z
  .array(id("component_ids"), { message: "component_ids must be a list of component ids." })
  .max(LIMITS.componentsPerPage, {
    message: `component_ids can name at most ${LIMITS.componentsPerPage} components.`,
  });
const monitorIds = z
  .array(id("monitor_ids"), { message: "monitor_ids must be a list of monitor ids." })
  .max(LIMITS.monitorsPerComponent, {
    message: `monitor_ids can name at most ${LIMITS.monitorsPerComponent} monitors.`,
  });
const position = z
  .number({ message: "position must be a whole number from 0." })
  .int({ message: "position must be a whole number from 0." })
  .min(0, { message: "position must be a whole number from 0." });

const componentFields = {
  name: text("name", LIMITS.componentNameChars, { min: 1 }),
  description: text("description", LIMITS.componentDescriptionChars),
  section_id: id("section_id").nullable(),
  position,
  state: componentStateSchema,
  follow_monitors: z.boolean({ message: "follow_monitors must be true or false." }),
  monitor_ids: monitorIds,
};

const maintenanceFields = {
  title: text("title", LIMITS.incidentTitleChars, { min: 1 }),
  message: text("message", LIMITS.maintenanceMessageChars),
  starts_at: when("starts_at"),
  ends_at: when("ends_at"),
  recurrence: recurrenceRuleSchema.nullable(),
  component_ids: componentIds,
};

/** One window's times, or a rule; never both, never half of the times. */
const oneTiming =
  (options: { halfTimes?: boolean } = {}) =>
  (
    body: { starts_at?: string | undefined; ends_at?: string | undefined; recurrence?: unknown },
    context: z.RefinementCtx,
  ) => {
    const problem = timingProblem(body, options);
    if (problem) context.addIssue({ code: "custom", message: problem });
  };

/** Request bodies, queries and path parameters of the status page operations. */
/** An incident list cursor, `<started_at ms>.<incident id>`: the last incident of the previous page. */
export const INCIDENT_CURSOR = /^(\d{1,16})\.([A-Za-z0-9_-]{1,100})$/;

export const statusPageRequestSchemas = {
  createPage: z.strictObject({
    name: pageFields.name,
    slug: pageFields.slug,
    headline: pageFields.headline.optional(),
    accent_color: pageFields.accent_color.optional(),
    website_url: pageFields.website_url.optional(),
    support_url: pageFields.support_url.optional(),
    white_label: pageFields.white_label.optional(),
    custom_domain: pageFields.custom_domain.optional(),
  }),
  updatePage: z.strictObject(pageFields).partial(),
  logo: z.strictObject({
    image: z
      .string({ message: "image must be the logo's bytes in base64." })
      .max(Math.ceil(LIMITS.logoBytes / 3) * 4 + 4, {
        message: `The logo can be at most ${LIMITS.logoBytes / 1024} KiB.`,
      })
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: "image must be the logo's bytes in base64." }),
  }),
  createSection: z.strictObject({
    name: text("name", LIMITS.componentNameChars, { min: 1 }),
    position: position.optional(),
  }),
  updateSection: z
    .strictObject({ name: text("name", LIMITS.componentNameChars, { min: 1 }), position })
    .partial(),
  createComponent: z.strictObject({
    name: componentFields.name,
    description: componentFields.description.optional(),
    section_id: componentFields.section_id.optional(),
    position: position.optional(),
    state: componentFields.state.optional(),
    follow_monitors: componentFields.follow_monitors.optional(),
    monitor_ids: componentFields.monitor_ids.optional(),
  }),
  updateComponent: z.strictObject(componentFields).partial(),
  order: z.strictObject({
    section_ids: z
      .array(id("section_ids"), { message: "section_ids must list every section, in order." })
      .max(LIMITS.sectionsPerPage),
    components: z
      .array(
        z.strictObject({ id: id("components[].id"), section_id: id("section_id").nullable() }),
        {
          message: "components must list every component as {id, section_id}, in order.",
        },
      )
      .max(LIMITS.componentsPerPage),
  }),
  createIncident: z.strictObject({
    title: text("title", LIMITS.incidentTitleChars, { min: 1 }),
    stage: incidentStageSchema.optional(),
    message: text("message", LIMITS.updateMessageChars, { min: 1 }),
    components: componentChanges.optional(),
    started_at: when("started_at").optional(),
    notify_subscribers: notify.optional(),
  }),
  updateIncident: z.strictObject({ title: text("title", LIMITS.incidentTitleChars, { min: 1 }) }),
  postUpdate: z.strictObject({
    stage: incidentStageSchema,
    message: text("message", LIMITS.updateMessageChars, { min: 1 }),
    components: componentChanges.optional(),
    notify_subscribers: notify.optional(),
  }),
  editUpdate: z.strictObject({ message: text("message", LIMITS.updateMessageChars, { min: 1 }) }),
  createMaintenance: z
    .strictObject({
      ...maintenanceFields,
      starts_at: maintenanceFields.starts_at.optional(),
      ends_at: maintenanceFields.ends_at.optional(),
      recurrence: maintenanceFields.recurrence.optional(),
      notify_subscribers: notify.optional(),
    })
    .superRefine(oneTiming())
    .refine((body) => body.recurrence || body.starts_at !== undefined, {
      message: "Send starts_at and ends_at for one window, or recurrence for a recurring one.",
    }),
  updateMaintenance: z
    .strictObject(maintenanceFields)
    .partial()
    .superRefine(oneTiming({ halfTimes: true })),
  skipMaintenance: z.strictObject({
    occurrence_starts_at: when("occurrence_starts_at"),
  }),
  incidentsQuery: z.strictObject({
    state: z.enum(["open", "resolved"], { message: "state must be open or resolved." }).optional(),
    limit: z.coerce
      .number({ message: "limit must be a whole number from 1 to 100." })
      .int({ message: "limit must be a whole number from 1 to 100." })
      .min(1, { message: "limit must be a whole number from 1 to 100." })
      .max(100, { message: "limit must be a whole number from 1 to 100." })
      .default(25),
    before: z
      .string()
      .regex(INCIDENT_CURSOR, {
        message: "before must be the next_before value of the previous page.",
      })
      .optional(),
  }),
  subscribersQuery: z.strictObject({
    status: z
      .enum(["pending", "confirmed", "unsubscribed"], {
        message: "status must be pending, confirmed or unsubscribed.",
      })
      .optional(),
    limit: z.coerce
      .number({ message: "limit must be a whole number from 1 to 500." })
      .int({ message: "limit must be a whole number from 1 to 500." })
      .min(1, { message: "limit must be a whole number from 1 to 500." })
      .max(500, { message: "limit must be a whole number from 1 to 500." })
      .default(100),
    after: id("after").optional().describe("The next_after value of the previous page."),
  }),
  pageParams: z.object({ id: id("The page id in the path") }),
  sectionParams: z.object({
    id: id("The page id in the path"),
    sectionId: id("The section id in the path"),
  }),
  componentParams: z.object({
    id: id("The page id in the path"),
    componentId: id("The component id in the path"),
  }),
  incidentParams: z.object({
    id: id("The page id in the path"),
    incidentId: id("The incident id in the path"),
  }),
  updateParams: z.object({
    id: id("The page id in the path"),
    incidentId: id("The incident id in the path"),
    updateId: id("The update id in the path"),
  }),
  maintenanceParams: z.object({
    id: id("The page id in the path"),
    maintenanceId: id("The maintenance id in the path"),
  }),
  subscriberParams: z.object({
    id: id("The page id in the path"),
    subscriberId: id("The subscriber id in the path"),
  }),
};
