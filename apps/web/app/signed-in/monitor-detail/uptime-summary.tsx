import type { MonitorOverview, StatsView } from "@upwatch/api";
import { formatMs, formatPercent, formatTime } from "../monitors/format.ts";
import { UptimeBars } from "../monitors/uptime-bars.tsx";

/** The last 24 hours as half-hour bars, with the times at either end. */
export function DayBars({
  overview,
  name,
}: {
  overview: MonitorOverview | undefined;
  name: string;
}) {
  if (!overview || overview.bars.length === 0) return null;
  return (
    <div className="day-bars">
      <UptimeBars bars={overview.bars} uptime={overview.uptime_24h} label={name} />
      <div className="day-bars-axis" aria-hidden="true">
        <span>{formatTime(overview.bars[0]!.start)}</span>
        <span>Now</span>
      </div>
    </div>
  );
}

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
