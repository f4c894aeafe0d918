import type { WidgetData } from "@upwatch/api";
import { rangeName, type WidgetType } from "@upwatch/core";
import type { ReactNode } from "react";
import { formatAgo, formatPercent } from "../monitors/format.ts";
import { AgentMetricView, ResponseTimeView } from "./widget-chart.tsx";

/** What a widget shows, or why it shows nothing; undefined while the figures load. */
export interface WidgetFigures {
  data: WidgetData | null;
  problem: string | null;
}

const STATUS_WORDS = { up: "Up", down: "Down", paused: "Paused", pending: "Pending" } as const;
const SEVERITY_WORDS = { critical: "Critical", warning: "Warning", info: "Info" } as const;
const SLA_PERIODS = {
  current_month: "this month",
  previous_month: "last month",
  last_30_days: "the last 30 days",
} as const;

type ViewOf<T extends WidgetType> = (props: {
  data: Extract<WidgetData, { type: T }>;
  at: number;
}) => ReactNode;

function StatusWord({ status }: { status: keyof typeof STATUS_WORDS }) {
  return (
    <span className={`board-status board-status-${status}`}>
      <span className="board-shape" aria-hidden="true" />
      {STATUS_WORDS[status]}
    </span>
  );
}

const StatusGridView: ViewOf<"status_grid"> = ({ data }) => {
  if (data.monitors.length === 0) return <p className="board-empty">No monitors to show.</p>;
  const down = data.monitors.filter((monitor) => monitor.status === "down").length;
  return (
    <>
      <p className="board-caption">
        {down === 0 ? "Everything is up or waiting" : `${down} of ${data.monitors.length} down`}
      </p>
      <ul className="board-status-grid">
        {data.monitors.map((monitor, index) => (
          // Names may repeat and the shared view carries no ids: the position keys the row.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on each read
          <li key={index} className={`board-monitor board-monitor-${monitor.status}`}>
            <span className="board-monitor-name">{monitor.name}</span>
            <StatusWord status={monitor.status} />
            <span className="board-monitor-uptime">{formatPercent(monitor.uptime_24h)}</span>
          </li>
        ))}
      </ul>
    </>
  );
};

const UptimeView: ViewOf<"uptime"> = ({ data }) => (
  <div className="board-figure">
    <p className="board-number">{formatPercent(data.uptime_percent)}</p>
    <p className="board-caption">
      {data.monitor_name} · <StatusWord status={data.status} /> · {rangeName(data.range)},{" "}
      {data.checks.toLocaleString()} checks
    </p>
  </div>
);

const OpenAlertsView: ViewOf<"open_alerts"> = ({ data, at }) => {
  if (data.alerts.length === 0) return <p className="board-empty board-calm">No open alerts.</p>;
  return (
    <>
      <ul className="board-alerts">
        {data.alerts.map((alert, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the shared view carries no alert ids
          <li key={index} className={`board-alert board-alert-${alert.severity}`}>
            <span className="board-alert-severity">{SEVERITY_WORDS[alert.severity]}</span>
            <span className="board-alert-subject">{alert.subject_name}</span>
            <span className="board-alert-message">{alert.message}</span>
            <span className="board-alert-time">
              {alert.acknowledged ? "Acknowledged · " : ""}opened {formatAgo(alert.opened_at, at)}
            </span>
          </li>
        ))}
      </ul>
      {data.more ? <p className="board-caption">More alerts are open.</p> : null}
    </>
  );
};

const SlaFigureView: ViewOf<"sla_figure"> = ({ data }) => (
  <div className="board-figure">
    <p className="board-number">{formatPercent(data.uptime_percent)}</p>
    <p className="board-caption">
      {data.subject_name} · {SLA_PERIODS[data.period]} · target {data.target_percent}%
    </p>
    {data.target_met === null ? null : (
      <p className={data.target_met ? "board-met" : "board-missed"}>
        {data.target_met ? "Target met" : "Target missed"} · {data.downtime_minutes} min down
      </p>
    )}
  </div>
);

const VIEWS: { [T in WidgetType]: ViewOf<T> } = {
  status_grid: StatusGridView,
  uptime: UptimeView,
  response_time: ResponseTimeView,
  agent_metric: AgentMetricView,
  open_alerts: OpenAlertsView,
  sla_figure: SlaFigureView,
};

/** A widget's content: its figures by kind, why it shows nothing, or a loading line. */
export function WidgetBody({ figures, at }: { figures: WidgetFigures | undefined; at: number }) {
  if (!figures) {
    return (
      <p className="board-empty" role="status">
        Loading…
      </p>
    );
  }
  if (!figures.data) return <p className="board-problem">{figures.problem}</p>;
  const View = VIEWS[figures.data.type] as ViewOf<WidgetType>;
  return <View data={figures.data as never} at={at} />;
}
