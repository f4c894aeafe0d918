import type { WidgetData } from "@upwatch/api";
import { AGENT_METRIC_NAMES, rangeName } from "@upwatch/core";
import { formatAxisRate, formatLoad, formatRate, formatShare } from "../agents/agent-figures.ts";
import { niceRateTop, niceTop } from "../agents/chart-geometry.ts";
import { type ChartSeries, MetricChart } from "../agents/metric-chart.tsx";
import { formatMs } from "../monitors/format.ts";

const HOUR = 3_600_000;
const RANGE_MS: Record<string, number> = {
  "1h": HOUR,
  "6h": 6 * HOUR,
  "24h": 24 * HOUR,
  "7d": 7 * 24 * HOUR,
  "30d": 30 * 24 * HOUR,
};
const LINE_CLASSES = ["board-line-0", "board-line-1", "board-line-2", "board-line-3"];

/** Lines of points at different times, as one list of times with a value (or a gap) per line. */
function aligned(lines: ReadonlyArray<{ label: string; points: WidgetPoint[] }>) {
  const times = [...new Set(lines.flatMap((line) => line.points.map((p) => Date.parse(p.at))))];
  times.sort((a, b) => a - b);
  const series: ChartSeries[] = lines.map((line, index) => {
    const byTime = new Map(line.points.map((p) => [Date.parse(p.at), p.value]));
    return {
      label: line.label,
      className: LINE_CLASSES[index % LINE_CLASSES.length]!,
      values: times.map((at) => byTime.get(at) ?? null),
    };
  });
  return { times, series };
}

type WidgetPoint = { at: string; value: number | null };

/** A monitor's average response time per region, with its average and p95 over the period. */
export function ResponseTimeView({
  data,
  at,
}: {
  data: Extract<WidgetData, { type: "response_time" }>;
  at: number;
}) {
  const { times, series } = aligned(
    data.regions.map((region) => ({ label: region.region, points: region.points })),
  );
  return (
    <div className="board-chart">
      <p className="board-caption">
        {data.monitor_name} · average {formatMs(data.average_ms)} · p95 {formatMs(data.p95_ms)} ·{" "}
        {rangeName(data.period)}
      </p>
      {times.length === 0 ? (
        <p className="board-empty">No checks in the last {rangeName(data.period)}.</p>
      ) : (
        <MetricChart
          title={`${data.monitor_name}: response time by region`}
          axisLabel="Response, ms"
          times={times}
          from={at - (RANGE_MS[data.period] ?? 24 * HOUR)}
          to={at}
          series={series}
          format={formatMs}
          axisFormat={(value) => `${Math.round(value)}`}
        />
      )}
    </div>
  );
}

/** A custom metric's value in four significant digits: "1,250", "0.0042". */
function formatValue(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return "–";
  return Number(value.toPrecision(4)).toLocaleString(undefined, { maximumFractionDigits: 12 });
}

const METRIC_FORMATS = {
  percent: { format: formatShare, axis: "%", top: 100, scale: niceTop },
  load: { format: formatLoad, axis: "Load", top: undefined, scale: niceTop },
  bytes_per_second: { format: formatRate, axis: "Per second", top: undefined, scale: niceRateTop },
  value: { format: formatValue, axis: "Value", top: undefined, scale: niceTop },
} as const;

/** One of an agent's figures over the range. */
export function AgentMetricView({
  data,
  at,
}: {
  data: Extract<WidgetData, { type: "agent_metric" }>;
  at: number;
}) {
  const label = data.series_name ?? AGENT_METRIC_NAMES[data.metric];
  const { times, series } = aligned([{ label, points: data.points }]);
  const unit = METRIC_FORMATS[data.unit];
  return (
    <div className="board-chart">
      <p className="board-caption">
        {data.agent_name} · {label} · {rangeName(data.range)}
      </p>
      {times.length === 0 ? (
        <p className="board-empty">No reports in the last {rangeName(data.range)}.</p>
      ) : (
        <MetricChart
          title={`${data.agent_name}: ${label}`}
          axisLabel={unit.axis}
          times={times}
          from={at - (RANGE_MS[data.range] ?? 24 * HOUR)}
          to={at}
          series={series}
          format={(value) => unit.format(value)}
          top={unit.top}
          scale={unit.scale}
          axisFormat={data.unit === "bytes_per_second" ? formatAxisRate : undefined}
        />
      )}
    </div>
  );
}
