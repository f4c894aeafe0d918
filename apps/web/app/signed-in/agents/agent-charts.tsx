import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { problemText } from "../api-client.ts";
import { LoadError } from "../ui/load-error.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { formatAxisRate, formatLoad, formatRate, formatShare } from "./agent-figures.ts";
import {
  AGENT_METRIC_RANGES,
  type AgentMetricRange,
  type AgentMetrics,
  agentMetricsQuery,
} from "./agents-api.ts";
import { niceRateTop } from "./chart-geometry.ts";
import { CustomMetricCharts } from "./custom-metric-chart.tsx";
import { type ChartSeries, MetricChart } from "./metric-chart.tsx";

const RANGE_WORDS: Record<AgentMetricRange, string> = {
  "1h": "Last hour",
  "6h": "Last 6 hours",
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
};

/** The ranges drawn from half-hour rollups, where a line of maxima says more than the average. */
const ROLLED_UP: readonly AgentMetricRange[] = ["7d", "30d"];

/** The agent's figures over a range the person picks, one chart per figure. */
export function AgentCharts({ agentId }: { agentId: string }) {
  const [range, setRange] = useState<AgentMetricRange>("1h");
  const metrics = useQuery(agentMetricsQuery(agentId, range));
  return (
    <>
      <fieldset className="app-fieldset agent-ranges">
        <legend>Range</legend>
        {AGENT_METRIC_RANGES.map((value) => (
          <label key={value} className="agent-range">
            <input
              type="radio"
              name="agent-range"
              value={value}
              checked={range === value}
              onChange={() => setRange(value)}
            />
            {RANGE_WORDS[value]}
          </label>
        ))}
      </fieldset>
      {metrics.isPending ? (
        <Skeleton lines={4} label="Loading the charts" />
      ) : metrics.isError ? (
        <LoadError message={problemText(metrics.error)} onRetry={() => void metrics.refetch()} />
      ) : metrics.data.points.length === 0 ? (
        <p className="app-muted">
          No reports in this range. The charts fill in as the agent reports.
        </p>
      ) : metrics.data.points.length === 1 ? (
        <p className="app-notice agent-collecting" role="status">
          <strong>Collecting data.</strong> The first report in this range has arrived; the charts
          draw their lines from the next one, about a minute later.
        </p>
      ) : (
        <Charts
          metrics={metrics.data}
          withMax={ROLLED_UP.includes(range)}
          words={RANGE_WORDS[range]}
        />
      )}
      <h3>Custom metrics</h3>
      <CustomMetricCharts agentId={agentId} range={range} words={RANGE_WORDS[range]} />
    </>
  );
}

function Charts({
  metrics,
  withMax,
  words,
}: {
  metrics: AgentMetrics;
  withMax: boolean;
  words: string;
}) {
  const times = metrics.points.map((point) => Date.parse(point.at));
  const from = Date.parse(metrics.from);
  const to = Date.parse(metrics.to);
  const pick = (key: keyof AgentMetrics["points"][number]) =>
    metrics.points.map((point) => point[key] as number | null);
  const averageAndMax = (
    label: string,
    average: ChartSeries["values"],
    max: ChartSeries["values"],
  ) =>
    withMax
      ? [
          { label: `${label}, half-hour average`, className: "agent-line-a", values: average },
          { label: `${label}, half-hour highest`, className: "agent-line-b", values: max },
        ]
      : [{ label, className: "agent-line-a", values: average }];
  const common = { times, from, to };
  return (
    <div className="agent-charts">
      <MetricChart
        {...common}
        title={`CPU used, ${words.toLowerCase()}`}
        axisLabel="CPU used (%)"
        top={100}
        format={formatShare}
        series={averageAndMax("CPU used", pick("cpu_percent"), pick("cpu_max"))}
      />
      <MetricChart
        {...common}
        title={`Memory used, ${words.toLowerCase()}`}
        axisLabel="Memory used (%)"
        top={100}
        format={formatShare}
        series={averageAndMax("Memory used", pick("memory_used_percent"), pick("memory_used_max"))}
      />
      {metrics.disks.map((disk) => (
        <MetricChart
          key={disk.mount}
          times={disk.points.map((point) => Date.parse(point.at))}
          from={from}
          to={to}
          title={`Disk ${disk.mount}${disk.description ? ` (${disk.description})` : ""} used, ${words.toLowerCase()}`}
          axisLabel="Disk used (%)"
          top={100}
          format={formatShare}
          series={averageAndMax(
            `${disk.mount} used`,
            disk.points.map((point) => point.used_percent),
            disk.points.map((point) => point.used_max),
          )}
        />
      ))}
      <MetricChart
        {...common}
        title={`Network throughput, ${words.toLowerCase()}`}
        axisLabel="Bytes per second"
        format={formatRate}
        scale={niceRateTop}
        axisFormat={formatAxisRate}
        series={[
          { label: "Received", className: "agent-line-a", values: pick("net_rx_bytes_per_second") },
          { label: "Sent", className: "agent-line-b", values: pick("net_tx_bytes_per_second") },
        ]}
      />
      <MetricChart
        {...common}
        title={`Load (1 minute), ${words.toLowerCase()}`}
        axisLabel="Load"
        format={formatLoad}
        series={averageAndMax("Load", pick("load1"), pick("load1_max"))}
      />
    </div>
  );
}
