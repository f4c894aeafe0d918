import type { WidgetType } from "@upwatch/core";
import { loadAgentMetric } from "./agent-metric.ts";
import { loadOpenAlerts } from "./open-alerts.ts";
import { loadResponseTime } from "./response-time.ts";
import { loadSlaFigure } from "./sla-figure.ts";
import { loadStatusGrid } from "./status-grid.ts";
import { loadUptime } from "./uptime.ts";
import type { WidgetLoader } from "./widget-loader.ts";

export type { WidgetSource } from "./widget-loader.ts";

/** How each kind of widget reads what it shows. */
export const WIDGET_LOADERS: { [T in WidgetType]: WidgetLoader<T> } = {
  status_grid: loadStatusGrid,
  uptime: loadUptime,
  response_time: loadResponseTime,
  agent_metric: loadAgentMetric,
  open_alerts: loadOpenAlerts,
  sla_figure: loadSlaFigure,
};
