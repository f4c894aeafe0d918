import { customSeriesKey } from "@upwatch/core";
import type { CustomMetricSource } from "../config/custom-metric-sources.ts";
import { createCustomMetricsCollector } from "./collect-custom-metrics.ts";

/** What `upwatch-agent check` says of the custom metrics: each series it would report, or each problem. */
export async function describeCustomMetrics(
  sources: readonly CustomMetricSource[],
): Promise<{ lines: string[]; problems: string[] }> {
  if (sources.length === 0) return { lines: [], problems: [] };
  const { series, problems } = await createCustomMetricsCollector(sources)();
  const count = `${series.length} custom metric series`;
  const lines = [
    `The custom metrics sources give ${count}${series.length > 0 ? ":" : "."}`,
    ...series.map(
      (metric) =>
        `  ${customSeriesKey(metric.name, metric.labels)} ${metric.value === null ? "NaN or infinite (not a number; reported as none)" : metric.value}`,
    ),
  ];
  return { lines, problems };
}
