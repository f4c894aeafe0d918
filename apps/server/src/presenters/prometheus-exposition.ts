import type { StatsRange } from "@upwatch/core";
import type { MonitorMetrics } from "../services/monitor-metrics/read-monitor-metrics.ts";

/** The longest label values, in characters: names and group lists are cut to these. */
export const PROMETHEUS_LABEL_LIMITS = { name: 64, group: 128 } as const;

/** The content type of the Prometheus text exposition format this renders. */
export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

interface Metric {
  name: string;
  help: string;
  value(monitor: MonitorMetrics): number | null;
}

const uptime = (range: StatsRange) => (monitor: MonitorMetrics) => {
  const counts = monitor.figures?.checks[range];
  return counts?.checks ? counts.up / counts.checks : null;
};

const METRICS: readonly Metric[] = [
  {
    name: "upwatch_monitor_up",
    help: "1 when the monitor is up, 0 when down, NaN while paused or before its first conclusive check.",
    value: (m) => (m.status === "up" ? 1 : m.status === "down" ? 0 : null),
  },
  {
    name: "upwatch_monitor_paused",
    help: "1 while the monitor is paused, else 0.",
    value: (m) => (m.status === "paused" ? 1 : 0),
  },
  {
    name: "upwatch_monitor_last_response_seconds",
    help: "Response time of the monitor's last check in seconds; NaN without one.",
    value: (m) => (m.lastResponseMs === null ? null : m.lastResponseMs / 1000),
  },
  {
    name: "upwatch_monitor_last_check_timestamp_seconds",
    help: "When the monitor was last checked, in seconds since the Unix epoch; NaN before its first check.",
    value: (m) => (m.lastCheckedAt === null ? null : m.lastCheckedAt / 1000),
  },
  {
    name: "upwatch_monitor_uptime_24h_ratio",
    help: "Share of the last 24 hours' checks that were up (0 to 1), as the monitor page shows; NaN without checks.",
    value: uptime("24h"),
  },
  {
    name: "upwatch_monitor_uptime_7d_ratio",
    help: "Share of the last 7 days' checks that were up (0 to 1), from hourly figures; NaN without checks.",
    value: uptime("7d"),
  },
  {
    name: "upwatch_monitor_uptime_30d_ratio",
    help: "Share of the last 30 days' checks that were up (0 to 1), from daily figures; NaN without checks.",
    value: uptime("30d"),
  },
];

/** Cuts text to `limit` characters without splitting a surrogate pair, and drops control characters. */
function bounded(text: string, limit: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, " ");
  const characters = Array.from(clean);
  return characters.length > limit ? `${characters.slice(0, limit - 1).join("")}…` : clean;
}

/** A label value as the text format needs it: backslash, quote and line feed escaped. */
function labelValue(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

function labelsOf(monitor: MonitorMetrics): string {
  const labels = {
    monitor_id: monitor.id,
    name: bounded(monitor.name, PROMETHEUS_LABEL_LIMITS.name),
    type: monitor.type,
    group: bounded(monitor.groups.join(","), PROMETHEUS_LABEL_LIMITS.group),
  };
  return Object.entries(labels)
    .map(([key, value]) => `${key}="${labelValue(value)}"`)
    .join(",");
}

function sample(value: number | null): string {
  return value === null || Number.isNaN(value) ? "NaN" : String(value);
}

/**
 * The monitors' metrics in the Prometheus text exposition format 0.0.4: every metric a gauge
 * with one series per monitor, labelled by id, name, type and groups.
 */
export function renderPrometheusText(monitors: readonly MonitorMetrics[]): string {
  const lines: string[] = [];
  for (const metric of METRICS) {
    lines.push(`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} gauge`);
    for (const monitor of monitors) {
      lines.push(`${metric.name}{${labelsOf(monitor)}} ${sample(metric.value(monitor))}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
