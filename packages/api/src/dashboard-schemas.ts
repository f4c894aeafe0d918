import {
  AGENT_METRIC_RANGES,
  AGENT_METRICS,
  DASHBOARD_COLUMNS,
  DASHBOARD_NAME_MAX,
  MAX_DASHBOARD_ROWS,
  MAX_SHARE_LINK_DAYS,
  MAX_WIDGET_ROWS,
  MAX_WIDGETS_PER_DASHBOARD,
  RESPONSE_PERIODS,
  SLA_PERIODS,
  SLA_SUBJECT_TYPES,
  storableId,
  storableText,
  UPTIME_RANGES,
  WIDGET_SETTINGS_SCHEMAS,
  WIDGET_TITLE_MAX,
  WIDGET_TYPES,
} from "@upwatch/core";
import { z } from "zod";

const isoTime = z.string().describe("ISO 8601 time");
const NAME_RULE = `Give the board a name of 1 to ${DASHBOARD_NAME_MAX} characters.`;
const TITLE_RULE = `A widget's title can be at most ${WIDGET_TITLE_MAX} characters.`;

const dashboardName = z
  .string({ message: NAME_RULE })
  .check(storableText("The board name"))
  .trim()
  .min(1, { message: NAME_RULE })
  .max(DASHBOARD_NAME_MAX, { message: NAME_RULE });

const widgetTitle = z
  .string({ message: TITLE_RULE })
  .check(storableText("The widget title"))
  .trim()
  .max(WIDGET_TITLE_MAX, { message: TITLE_RULE })
  .nullable()
  .transform((title) => (title === "" ? null : title));

function cell(field: string, min: number, max: number, what: string) {
  const message = `${field} must be a whole number from ${min} to ${max} (${what}).`;
  return z.number({ message }).int({ message }).min(min, { message }).max(max, { message });
}

const place = {
  x: cell("x", 0, DASHBOARD_COLUMNS - 1, "the column of the widget's left edge"),
  y: cell("y", 0, MAX_DASHBOARD_ROWS - 1, "the row of the widget's top edge"),
  w: cell("w", 1, DASHBOARD_COLUMNS, "columns wide"),
  h: cell("h", 1, MAX_WIDGET_ROWS, "rows tall"),
};

const widgetOf = <T extends (typeof WIDGET_TYPES)[number]>(type: T) =>
  z.strictObject({
    id: storableId("id")
      .optional()
      .describe("An existing widget's id, to keep it; new widgets leave it out."),
    type: z.literal(type),
    title: widgetTitle.optional().default(null),
    settings: WIDGET_SETTINGS_SCHEMAS[type],
    ...place,
  });

/** A widget as a board is saved with: its kind, settings checked for that kind, and its place. */
export const widgetInput = z.discriminatedUnion(
  "type",
  [
    widgetOf("status_grid"),
    widgetOf("uptime"),
    widgetOf("response_time"),
    widgetOf("agent_metric"),
    widgetOf("open_alerts"),
    widgetOf("sla_figure"),
  ],
  { message: `Each widget needs a type: one of ${WIDGET_TYPES.join(", ")}.` },
);
export type WidgetInput = z.output<typeof widgetInput>;

const widgetList = z
  .array(widgetInput, { message: "widgets must be a list of widgets." })
  .max(MAX_WIDGETS_PER_DASHBOARD, {
    message: `A board can hold at most ${MAX_WIDGETS_PER_DASHBOARD} widgets.`,
  });

/** Request bodies and path parameters of the board operations. */
export const dashboardRequestSchemas = {
  create: z.strictObject({ name: dashboardName, widgets: widgetList.optional().default([]) }),
  replace: z.strictObject({ name: dashboardName, widgets: widgetList }),
  createShareLink: z.strictObject({
    name: z
      .string({ message: "Give the link a name of 1 to 100 characters." })
      .check(storableText("The link name"))
      .trim()
      .min(1, { message: "Give the link a name of 1 to 100 characters." })
      .max(100, { message: "Give the link a name of 1 to 100 characters." }),
    expires_in_days: cell("expires_in_days", 1, MAX_SHARE_LINK_DAYS, "days the link works")
      .nullable()
      .optional()
      .default(null)
      .describe("Days until the link stops working; null for a link that works until revoked."),
  }),
  linkParams: z.object({
    id: z.string().check(storableText("The board id in the path")),
    linkId: z.string().check(storableText("The link id in the path")),
  }),
  tokenParams: z.object({
    token: z.string().check(storableText("The link in the path")).max(200),
  }),
};

/** A widget as a board answers it: its settings name the account's monitors, groups or agents. */
export const widgetResponse = z.object({
  id: z.string(),
  type: z.enum(WIDGET_TYPES),
  title: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  x: z.number().int(),
  y: z.number().int(),
  w: z.number().int(),
  h: z.number().int(),
});

export const dashboardResponse = z.object({
  id: z.string(),
  name: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
  widgets: z.array(widgetResponse),
});
export const dashboardListResponse = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      widget_count: z.number().int(),
      share_link_count: z.number().int().describe("Links that work now: not revoked or expired."),
      created_at: isoTime,
      updated_at: isoTime,
    }),
  ),
});

const statusOf = z.enum(["up", "down", "paused", "pending"]);
const point = z.object({ at: isoTime, value: z.number().nullable() });

/** What each kind of widget shows: names and figures only, never ids or settings. */
export const widgetDataSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("status_grid"),
    monitors: z.array(
      z.object({ name: z.string(), status: statusOf, uptime_24h: z.number().nullable() }),
    ),
  }),
  z.object({
    type: z.literal("uptime"),
    monitor_name: z.string(),
    status: statusOf,
    range: z.enum(UPTIME_RANGES),
    uptime_percent: z.number().nullable(),
    checks: z.number().int(),
  }),
  z.object({
    type: z.literal("response_time"),
    monitor_name: z.string(),
    period: z.enum(RESPONSE_PERIODS),
    average_ms: z.number().nullable(),
    p95_ms: z.number().nullable(),
    regions: z.array(z.object({ region: z.string(), points: z.array(point) })),
  }),
  z.object({
    type: z.literal("agent_metric"),
    agent_name: z.string(),
    metric: z.enum(AGENT_METRICS),
    series_name: z
      .string()
      .nullable()
      .describe('A custom metric as Prometheus writes it (name{label="value"}); null otherwise.'),
    range: z.enum(AGENT_METRIC_RANGES),
    unit: z.enum(["percent", "load", "bytes_per_second", "value"]),
    points: z.array(point),
  }),
  z.object({
    type: z.literal("open_alerts"),
    alerts: z.array(
      z.object({
        subject_name: z.string(),
        severity: z.enum(["critical", "warning", "info"]),
        message: z.string(),
        opened_at: isoTime,
        acknowledged: z.boolean(),
      }),
    ),
    more: z.boolean().describe("More alerts are open than the widget lists."),
  }),
  z.object({
    type: z.literal("sla_figure"),
    subject_name: z.string(),
    subject_type: z.enum(SLA_SUBJECT_TYPES),
    period: z.enum(SLA_PERIODS),
    from: isoTime,
    to: isoTime,
    uptime_percent: z.number().nullable(),
    target_percent: z.number(),
    target_met: z.boolean().nullable(),
    downtime_minutes: z.number(),
  }),
]);
export type WidgetData = z.output<typeof widgetDataSchema>;

const widgetFigures = {
  data: widgetDataSchema.nullable(),
  problem: z
    .string()
    .nullable()
    .describe("Why the widget shows nothing, in a sentence (a deleted monitor, a plan's limit)."),
};

export const dashboardDataResponse = z.object({
  at: isoTime,
  widgets: z.array(z.object({ id: z.string(), ...widgetFigures })),
});

/** A shared board: its name, its widgets' places and figures; nothing else of the account. */
export const sharedDashboardResponse = z.object({
  name: z.string(),
  at: isoTime,
  expires_at: isoTime.nullable(),
  widgets: z.array(
    z.object({
      type: z.enum(WIDGET_TYPES),
      title: z.string().nullable(),
      x: z.number().int(),
      y: z.number().int(),
      w: z.number().int(),
      h: z.number().int(),
      ...widgetFigures,
    }),
  ),
});

export const shareLinkResponse = z.object({
  id: z.string(),
  name: z.string(),
  created_at: isoTime,
  expires_at: isoTime.nullable(),
  last_used_at: isoTime.nullable(),
  revoked_at: isoTime.nullable(),
});
export const shareLinkListResponse = z.object({ data: z.array(shareLinkResponse) });
export const createdShareLinkResponse = shareLinkResponse.extend({
  token: z.string().describe("The link's secret: shown in this answer only, never again."),
  url: z.string().describe("The address that shows the board without signing in."),
});

export type Dashboard = z.output<typeof dashboardResponse>;
export type DashboardWidget = z.output<typeof widgetResponse>;
export type SharedDashboard = z.output<typeof sharedDashboardResponse>;
export type ShareLink = z.output<typeof shareLinkResponse>;
