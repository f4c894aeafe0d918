import type { StatsView } from "../monitors/api-types.ts";
import { formatMs, formatPercent } from "../monitors/format.ts";

/** Uptime over 24 hours, 7 and 30 days, with the day's response times. */
export function UptimeSummary({
  day,
  week,
  month,
}: {
  day: StatsView | undefined;
  week: StatsView | undefined;
  month: StatsView | undefined;
}) {
  const figure = (stats: StatsView | undefined) =>
    stats ? formatPercent(stats.uptime_percent) : "…";
  return (
    <dl className="stat-grid">
      <div className="stat">
        <dt>Uptime 24 hours</dt>
        <dd>{figure(day)}</dd>
      </div>
      <div className="stat">
        <dt>Uptime 7 days</dt>
        <dd>{figure(week)}</dd>
      </div>
      <div className="stat">
        <dt>Uptime 30 days</dt>
        <dd>{figure(month)}</dd>
      </div>
      <div className="stat">
        <dt>Average response, 24 h</dt>
        <dd>{day ? formatMs(day.response_time.average_ms) : "…"}</dd>
      </div>
      <div className="stat">
        <dt>95th percentile, 24 h</dt>
        <dd>{day ? formatMs(day.response_time.p95_ms) : "…"}</dd>
      </div>
    </dl>
  );
}
