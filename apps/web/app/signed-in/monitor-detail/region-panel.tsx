import { useQuery } from "@tanstack/react-query";
import type { StatsRange } from "@upwatch/core";
import { useState } from "react";
import { problemText } from "../api-client.ts";
import { regionLatencyQuery, statsQuery } from "../cache/queries.ts";
import { LoadError } from "../ui/load-error.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { hasResponseTimes, NO_RESPONSE_TIMES } from "./region-chart-data.ts";
import { RegionLatencyChart } from "./region-latency-chart.tsx";
import { RegionTable } from "./region-table.tsx";

const PERIODS: { range: StatsRange; label: string; words: string }[] = [
  { range: "24h", label: "Last 24 hours", words: "the last 24 hours" },
  { range: "7d", label: "Last 7 days", words: "the last 7 days" },
  { range: "30d", label: "Last 30 days", words: "the last 30 days" },
];

/** The monitor's response time and uptime per region, over a period the person picks. */
export function RegionPanel({ monitorId }: { monitorId: string }) {
  const [range, setRange] = useState<StatsRange>("24h");
  const latency = useQuery(regionLatencyQuery(monitorId, range));
  const stats = useQuery(statsQuery(monitorId, range));
  const period = PERIODS.find((item) => item.range === range) ?? PERIODS[0]!;
  const series = latency.data?.regions ?? [];
  const rows = stats.data?.regions ?? [];
  return (
    <>
      <div className="inline-form region-period">
        <label htmlFor="region-period">Period</label>
        <select
          id="region-period"
          value={range}
          onChange={(event) => setRange(event.target.value as StatsRange)}
        >
          {PERIODS.map((item) => (
            <option key={item.range} value={item.range}>
              {item.label}
            </option>
          ))}
        </select>
      </div>
      {latency.isPending ? (
        <Skeleton lines={3} label="Loading the response time by region" />
      ) : latency.isError ? (
        <LoadError message={problemText(latency.error)} onRetry={() => void latency.refetch()} />
      ) : hasResponseTimes(series) ? (
        <RegionLatencyChart series={series} periodWords={period.words} />
      ) : (
        <p className="app-muted">{NO_RESPONSE_TIMES}</p>
      )}
      {stats.isPending ? (
        <Skeleton lines={2} label="Loading the figures by region" />
      ) : stats.isError ? (
        <LoadError message={problemText(stats.error)} onRetry={() => void stats.refetch()} />
      ) : rows.length ? (
        <RegionTable regions={rows} periodWords={period.words} />
      ) : (
        <p className="app-muted">No checks from any region in this period yet.</p>
      )}
    </>
  );
}
