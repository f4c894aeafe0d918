import { z } from "zod";
import { storableId } from "../storable-text.ts";
import { MAX_GRID_GROUPS, MAX_GRID_MONITORS } from "./dashboard-limits.ts";

/** The kinds of widget a board is built from, in the order the picker offers them. */
export const WIDGET_TYPES = [
  "status_grid",
  "uptime",
  "response_time",
  "agent_metric",
  "open_alerts",
  "sla_figure",
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

export const WIDGET_TYPE_NAMES: Record<WidgetType, string> = {
  status_grid: "Status grid",
  uptime: "Uptime",
  response_time: "Response time chart",
  agent_metric: "Agent metric chart",
  open_alerts: "Open alerts",
  sla_figure: "SLA figure",
};

/** What each kind shows, as the widget picker says it. */
export const WIDGET_TYPE_DESCRIPTIONS: Record<WidgetType, string> = {
  status_grid: "The status of chosen monitors, or of every monitor in chosen groups",
  uptime: "One monitor's uptime over the last day, week or month",
  response_time: "One monitor's response time per region over a period",
  agent_metric: "One agent's CPU, memory, load, network or custom metric over a period",
  open_alerts: "The account's alerts that are still open, newest first",
  sla_figure: "The uptime a monitor, group, agent or status page kept over a calendar period",
};

/** The size a new widget of each kind gets, in grid columns and rows. */
export const WIDGET_DEFAULT_SIZES: Record<WidgetType, { w: number; h: number }> = {
  status_grid: { w: 6, h: 3 },
  uptime: { w: 3, h: 2 },
  response_time: { w: 6, h: 3 },
  agent_metric: { w: 6, h: 3 },
  open_alerts: { w: 6, h: 3 },
  sla_figure: { w: 3, h: 2 },
};

export const UPTIME_RANGES = ["24h", "7d", "30d"] as const;
export const RESPONSE_PERIODS = ["24h", "7d", "30d"] as const;
export const AGENT_METRIC_RANGES = ["1h", "6h", "24h", "7d", "30d"] as const;
/** An agent's built-in figures a chart widget may show, and `custom` for one of its custom series. */
export const AGENT_METRICS = [
  "cpu",
  "memory",
  "load1",
  "network_rx",
  "network_tx",
  "custom",
] as const;
export type AgentMetricName = (typeof AGENT_METRICS)[number];
export const AGENT_METRIC_NAMES: Record<AgentMetricName, string> = {
  cpu: "CPU",
  memory: "Memory used",
  load1: "Load (1 minute)",
  network_rx: "Network received",
  network_tx: "Network sent",
  custom: "A custom metric",
};
export const SLA_SUBJECT_TYPES = ["monitor", "group", "agent", "status_page"] as const;
export const SLA_PERIODS = ["current_month", "previous_month", "last_30_days"] as const;

const RANGE_NAMES: Record<string, string> = {
  "1h": "1 hour",
  "6h": "6 hours",
  "24h": "24 hours",
  "7d": "7 days",
  "30d": "30 days",
};
/** A range such as `7d` as people say it. */
export function rangeName(range: string): string {
  return RANGE_NAMES[range] ?? range;
}

function oneOf<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { message: `${field} must be one of ${values.join(", ")}.` });
}

function idList(field: string, what: string, max: number) {
  return z
    .array(storableId(field), { message: `${field} must be a list of ${what} ids.` })
    .max(max, { message: `${field} can list at most ${max} ${what}s.` })
    .transform((ids) => [...new Set(ids)]);
}

/** Each kind's settings, refused in sentences; ids are checked against the account when saved. */
export const WIDGET_SETTINGS_SCHEMAS = {
  status_grid: z.strictObject({
    monitor_ids: idList("monitor_ids", "monitor", MAX_GRID_MONITORS).default([]),
    group_ids: idList("group_ids", "group", MAX_GRID_GROUPS).default([]),
  }),
  uptime: z.strictObject({
    monitor_id: storableId("monitor_id"),
    range: oneOf("range", UPTIME_RANGES).default("24h"),
  }),
  response_time: z.strictObject({
    monitor_id: storableId("monitor_id"),
    period: oneOf("period", RESPONSE_PERIODS).default("24h"),
  }),
  agent_metric: z
    .strictObject({
      agent_id: storableId("agent_id"),
      metric: oneOf("metric", AGENT_METRICS).default("cpu"),
      series_id: storableId("series_id").optional(),
      range: oneOf("range", AGENT_METRIC_RANGES).default("24h"),
    })
    .refine((settings) => (settings.metric === "custom") === (settings.series_id !== undefined), {
      message: "series_id names the custom metric when metric is custom, and only then.",
      path: ["series_id"],
    }),
  open_alerts: z.strictObject({
    limit: z
      .number({ message: "limit must be a whole number from 1 to 50." })
      .int({ message: "limit must be a whole number from 1 to 50." })
      .min(1, { message: "limit must be a whole number from 1 to 50." })
      .max(50, { message: "limit must be a whole number from 1 to 50." })
      .default(10),
  }),
  sla_figure: z.strictObject({
    subject_type: oneOf("subject_type", SLA_SUBJECT_TYPES),
    subject_id: storableId("subject_id"),
    period: oneOf("period", SLA_PERIODS).default("current_month"),
    target_percent: z
      .number({ message: "target_percent must be a number from 50 to 100." })
      .min(50, { message: "target_percent must be a number from 50 to 100." })
      .max(100, { message: "target_percent must be a number from 50 to 100." })
      .default(99.9),
  }),
} as const satisfies Record<WidgetType, z.ZodType>;

export type WidgetSettings<T extends WidgetType = WidgetType> = z.output<
  (typeof WIDGET_SETTINGS_SCHEMAS)[T]
>;

/** A widget's kind with its settings, the one shape both are checked in together. */
export type TypedWidgetSettings = {
  [T in WidgetType]: { type: T; settings: WidgetSettings<T> };
}[WidgetType];
