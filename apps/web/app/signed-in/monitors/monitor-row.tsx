import type { MonitorOverview, MonitorView } from "@upwatch/api";
import { CHECK_TYPE_NAMES, describeDuration } from "@upwatch/core";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { describeStreak, failingStreak } from "./failing-streak.ts";
import { formatAgo, formatMs, formatPercent } from "./format.ts";
import { statusOf } from "./monitor-filters.ts";
import { StatusBadge } from "./status-badge.tsx";
import { UptimeBars } from "./uptime-bars.tsx";

/** One monitor on the list: status, name and target, the day's bars, uptime and speed. */
export function MonitorRow({
  monitor,
  overview,
  groupNames,
}: {
  monitor: MonitorView;
  overview: MonitorOverview | undefined;
  /** The names of the groups it is in. */
  groupNames: readonly string[];
}) {
  const status = statusOf(monitor, overview);
  const heartbeat = monitor.heartbeat;
  const streak = failingStreak(monitor);
  return (
    <li className="monitor-row" data-monitor-id={monitor.id}>
      <div className="monitor-row-main">
        <StatusBadge status={status} streak={streak} />
        <div className="monitor-row-name">
          <Link to={`${APP_BASE}/monitors/${monitor.id}`} className="monitor-link">
            {monitor.name}
          </Link>
          <span className="monitor-target">
            <span className="type-chip">{CHECK_TYPE_NAMES[monitor.type]}</span>
            {heartbeat
              ? `Expected every ${describeDuration(Number(monitor.options.period_seconds))}`
              : monitor.target}
            {groupNames.map((name) => (
              <span key={name} className="group-chip">
                {name}
              </span>
            ))}
          </span>
          {streak ? <span className="monitor-streak">{describeStreak(streak)}</span> : null}
        </div>
      </div>
      <div className="monitor-row-bars">
        {overview ? (
          <UptimeBars bars={overview.bars} uptime={overview.uptime_24h} label={monitor.name} />
        ) : null}
      </div>
      <dl className="monitor-row-figures">
        <div>
          <dt>Uptime 24 h</dt>
          <dd>{formatPercent(overview?.uptime_24h ?? null)}</dd>
        </div>
        <div>
          <dt>{heartbeat ? "Run time" : "Response"}</dt>
          <dd>
            {formatMs(
              heartbeat ? heartbeat.last_run_ms : (overview?.last_response_time_ms ?? null),
            )}
          </dd>
        </div>
        <div>
          <dt>{heartbeat ? "Last ping" : "Checked"}</dt>
          <dd>
            {formatAgo(
              heartbeat
                ? heartbeat.last_ping_at
                : (overview?.last_checked_at ?? monitor.last_checked_at),
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}
