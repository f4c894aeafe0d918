import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { problemText } from "../api-client.ts";
import { LoadError } from "../ui/load-error.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import type { AgentMetricRange } from "./agents-api.ts";
import {
  type CustomSeries,
  customSeriesPointsQuery,
  customSeriesQuery,
  formatCustomValue,
} from "./custom-metrics-api.ts";
import { MetricChart } from "./metric-chart.tsx";

/** The agent's custom metrics: the series to chart, picked from a list, over the range shown. */
export function CustomMetricCharts({
  agentId,
  range,
  words,
}: {
  agentId: string;
  range: AgentMetricRange;
  words: string;
}) {
  const listed = useQuery(customSeriesQuery(agentId));
  const [chosen, setChosen] = useState<string | null>(null);
  const pickerId = useId();
  if (listed.isPending) return <Skeleton lines={2} label="Loading the custom metrics" />;
  if (listed.isError) {
    return <LoadError message={problemText(listed.error)} onRetry={() => void listed.refetch()} />;
  }
  const { data, refused } = listed.data;
  const series = data.find((one) => one.id === chosen) ?? data[0];
  return (
    <>
      {refused ? (
        <p className="app-notice" role="status">
          {refused}
        </p>
      ) : null}
      {!series ? (
        <p className="app-muted">
          This agent reports no custom metrics. Add a command or a textfile directory under
          custom_metrics in its agent.yaml;{" "}
          <Link to="/knowledge-base/custom-agent-metrics">Custom agent metrics</Link> explains how.
        </p>
      ) : (
        <>
          <div className="app-field">
            <label htmlFor={pickerId}>Series</label>
            <select
              id={pickerId}
              value={series.id}
              onChange={(event) => setChosen(event.target.value)}
            >
              {data.map((one) => (
                <option key={one.id} value={one.id}>
                  {one.series_key}
                </option>
              ))}
            </select>
          </div>
          <SeriesChart agentId={agentId} series={series} range={range} words={words} />
        </>
      )}
    </>
  );
}

function SeriesChart({
  agentId,
  series,
  range,
  words,
}: {
  agentId: string;
  series: CustomSeries;
  range: AgentMetricRange;
  words: string;
}) {
  const points = useQuery(customSeriesPointsQuery(agentId, series.id, range));
  if (points.isPending) return <Skeleton lines={3} label="Loading the chart" />;
  if (points.isError) {
    return <LoadError message={problemText(points.error)} onRetry={() => void points.refetch()} />;
  }
  if (points.data.points.length < 2) {
    return (
      <p className="app-muted">
        {points.data.points.length === 0
          ? "No values of this series in this range."
          : "One value of this series in this range so far; the chart draws its line from the next."}
      </p>
    );
  }
  return (
    <MetricChart
      title={`${series.series_key}, ${words.toLowerCase()}`}
      axisLabel={series.name}
      times={points.data.points.map((point) => Date.parse(point.at))}
      from={Date.parse(points.data.from)}
      to={Date.parse(points.data.to)}
      format={formatCustomValue}
      series={[
        {
          label: series.series_key,
          className: "agent-line-a",
          values: points.data.points.map((point) => point.value),
        },
      ]}
    />
  );
}
