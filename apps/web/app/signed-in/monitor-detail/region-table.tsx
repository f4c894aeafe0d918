import type { RegionStatsView } from "@upwatch/api";
import { formatMs, formatPercent } from "../monitors/format.ts";

/** Uptime, checks, missed checks and response times of each region over the period. */
export function RegionTable({
  regions,
  periodWords,
}: {
  regions: readonly RegionStatsView[];
  periodWords: string;
}) {
  return (
    <div className="app-table-wrap">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways, by keyboard too. */}
      <div className="table-scroll" tabIndex={0}>
        <table className="app-table app-table-stack checks-table region-table">
          <caption className="visually-hidden">Each region over {periodWords}</caption>
          <thead>
            <tr>
              <th scope="col">Region</th>
              <th scope="col">Uptime</th>
              <th scope="col">Checks</th>
              <th scope="col">Missed</th>
              <th scope="col">Average</th>
              <th scope="col">Median (p50)</th>
              <th scope="col">95th percentile</th>
            </tr>
          </thead>
          <tbody>
            {regions.map((row) => (
              <tr key={row.region}>
                <th scope="row">{row.region}</th>
                <td data-label="Uptime">{formatPercent(row.uptime_percent)}</td>
                <td data-label="Checks">{row.checks.toLocaleString("en-US")}</td>
                <td data-label="Missed">{row.missed.toLocaleString("en-US")}</td>
                <td data-label="Average">{formatMs(row.avg_response_ms)}</td>
                <td data-label="Median (p50)">{formatMs(row.p50_response_ms)}</td>
                <td data-label="95th percentile">{formatMs(row.p95_response_ms)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
