/**
 * Custom agent metrics: series the operator's own commands or textfiles expose in the
 * Prometheus text format. The agent enforces these limits while collecting, the server again.
 */
export const CUSTOM_METRIC_LIMITS = {
  /** Series one report carries at most, across every source. */
  seriesPerReport: 200,
  /** The default and the highest `max_series` of one source. */
  seriesPerSourceDefault: 100,
  seriesPerSourceMax: 200,
  /** Sources one agent.yaml may list. */
  sources: 20,
  nameLength: 200,
  labelsPerSeries: 16,
  labelNameLength: 100,
  labelValueLength: 200,
  /** The longest line of exposition text read; longer lines are refused, not cut. */
  lineLength: 4096,
  /** The most output read from a command or one textfile. */
  outputBytes: 256 * 1024,
  /** A command's run time: the default and the highest `timeout`, in seconds. */
  commandTimeoutDefault: 10,
  commandTimeoutMax: 60,
  /** Arguments of one command, and the length of each. */
  commandArgs: 32,
  commandArgLength: 1024,
} as const;

/** Prometheus metric names: letters, digits, underscores and colons, not starting with a digit. */
export const METRIC_NAME_PATTERN = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
/** Prometheus label names; names starting with two underscores are reserved. */
export const LABEL_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** One series' value in one report: its name, its labels, and the value (null: NaN or infinite). */
export interface CustomMetricSample {
  name: string;
  labels: Record<string, string>;
  value: number | null;
}

/** The series' identity as people write it: `name{a="1",b="2"}`, labels sorted by name. */
export function customSeriesKey(name: string, labels: Readonly<Record<string, string>>): string {
  const pairs = Object.keys(labels)
    .sort()
    .map((label) => `${label}="${escapeLabelValue(labels[label] ?? "")}"`);
  return pairs.length === 0 ? name : `${name}{${pairs.join(",")}}`;
}

function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

/** Whether a series has every label of `matchers` with the same value. */
export function seriesMatches(
  labels: Readonly<Record<string, string>>,
  matchers: Readonly<Record<string, string>> | null,
): boolean {
  if (!matchers) return true;
  return Object.entries(matchers).every(([label, value]) => labels[label] === value);
}

/** The sentence an agent of a plan without custom metrics is told, and its page shows. */
export function customMetricsNotInPlan(planName: string): string {
  return `Custom metrics are part of the Enterprise+ plan and self-hosted Upwatch; this account's plan (${planName}) has none, so the agent's custom metrics are not stored. Its other figures are.`;
}
