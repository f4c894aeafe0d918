import type { MonitorOverview, MonitorView } from "@upwatch/api";
import { CHECK_TYPE_NAMES } from "@upwatch/core";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { formatAgo, formatMs, formatPercent } from "./format.ts";
import { statusOf } from "./monitor-filters.ts";
import { StatusBadge } from "./status-badge.tsx";
import { UptimeBars } from "./uptime-bars.tsx";

/** One monitor on the list: status, name and target, the day's bars, uptime and speed. */
export function MonitorRow({
  monitor,
  overview,
}: {
  monitor: MonitorView;
  overview: MonitorOverview | undefined;
}) {
  const status = statusOf(monitor, overview);
  return (
    <li className="monitor-row" data-monitor-id={monitor.id}>
      <div className="monitor-row-main">
        <StatusBadge status={status} />
        <div className="monitor-row-name">
          <Link to={`${APP_BASE}/monitors/${monitor.id}`} className="monitor-link">
            {monitor.name}
          </Link>
          <span className="monitor-target">
            <span className="type-chip">{CHECK_TYPE_NAMES[monitor.type]}</span>
            {monitor.target}
            {monitor.group ? <span className="group-chip">{monitor.group}</span> : null}
          </span>
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
          <dt>Response</dt>
          <dd>{formatMs(overview?.last_response_time_ms ?? null)}</dd>
        </div>
        <div>
          <dt>Checked</dt>
          <dd>{formatAgo(overview?.last_checked_at ?? monitor.last_checked_at)}</dd>
        </div>
      </dl>
    </li>
  );
}
