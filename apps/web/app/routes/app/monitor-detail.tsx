import type {
  AlertPage,
  AlertView,
  DependencyView,
  IncidentView,
  ListOf,
  MonitorOverview,
  MonitorView,
  StatsView,
} from "@upwatch/api";
import { CHECK_TYPE_NAMES, pageTitle } from "@upwatch/core";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { AlertItem } from "../../signed-in/alerts/alert-item.tsx";
import alertsCss from "../../signed-in/alerts/alerts.css?url";
import { APP_BASE } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { type LiveEvent, useLiveEvents } from "../../signed-in/live-events.ts";
import { ChecksTable } from "../../signed-in/monitor-detail/checks-table.tsx";
import { DependenciesPanel } from "../../signed-in/monitor-detail/dependencies-panel.tsx";
import { IncidentsList } from "../../signed-in/monitor-detail/incidents-list.tsx";
import { MonitorActions } from "../../signed-in/monitor-detail/monitor-actions.tsx";
import detailCss from "../../signed-in/monitor-detail/monitor-detail.css?url";
import { MonitorSettings } from "../../signed-in/monitor-detail/monitor-settings.tsx";
import { ResponseChart } from "../../signed-in/monitor-detail/response-chart.tsx";
import { DayBars, UptimeSummary } from "../../signed-in/monitor-detail/uptime-summary.tsx";
import { useMonitorChecks } from "../../signed-in/monitor-detail/use-monitor-checks.ts";
import { formatAgo } from "../../signed-in/monitors/format.ts";
import { LiveIndicator } from "../../signed-in/monitors/live-indicator.tsx";
import { applyLiveCheck } from "../../signed-in/monitors/live-overview.ts";
import { statusOf } from "../../signed-in/monitors/monitor-filters.ts";
import monitorsCss from "../../signed-in/monitors/monitors.css?url";
import { StatusBadge } from "../../signed-in/monitors/status-badge.tsx";
import { useApiResource } from "../../signed-in/monitors/use-api-resource.ts";
import { useMinuteTick } from "../../signed-in/monitors/use-minute-tick.ts";

export const links = () => [stylesheet(monitorsCss), stylesheet(detailCss), stylesheet(alertsCss)];

export function meta() {
  return appMeta("Monitor");
}

function upsertAlert(list: AlertPage | undefined, alert: AlertView): AlertPage | undefined {
  if (!list) return list;
  const known = list.data.some((item) => item.id === alert.id);
  return {
    ...list,
    data: known
      ? list.data.map((item) => (item.id === alert.id ? alert : item))
      : [alert, ...list.data],
  };
}

export default function MonitorDetail() {
  const id = useParams().id ?? "";
  const monitor = useApiResource<MonitorView>(`/monitors/${id}`);
  const day = useApiResource<StatsView>(`/monitors/${id}/stats?range=24h`);
  const week = useApiResource<StatsView>(`/monitors/${id}/stats?range=7d`);
  const month = useApiResource<StatsView>(`/monitors/${id}/stats?range=30d`);
  const incidents = useApiResource<ListOf<IncidentView>>(`/monitors/${id}/incidents?limit=20`);
  const alerts = useApiResource<AlertPage>(`/alerts?monitor_id=${encodeURIComponent(id)}&limit=20`);
  const dependencies = useApiResource<ListOf<DependencyView>>("/dependencies");
  const monitors = useApiResource<ListOf<MonitorView>>("/monitors");
  const overview = useApiResource<ListOf<MonitorOverview>>("/monitors/overview");
  const checks = useMonitorChecks(id);
  const [deleted, setDeleted] = useState(false);
  useMinuteTick();

  const refreshFigures = () => {
    void day.reload();
    void week.reload();
    void month.reload();
    void incidents.reload();
  };

  useLiveEvents((event: LiveEvent) => {
    if (event.type === "resync") {
      void monitor.reload();
      void checks.reload();
      void alerts.reload();
      void overview.reload();
      refreshFigures();
    } else if (event.type === "check" && event.monitor_id === id) {
      checks.addCheck(event.check);
      overview.setData((list) =>
        list
          ? {
              data: list.data.map((item) =>
                item.monitor_id === id
                  ? applyLiveCheck(item, event.check, event.monitor_status)
                  : item,
              ),
            }
          : list,
      );
      monitor.setData((current) =>
        current
          ? {
              ...current,
              last_checked_at: event.check.checked_at,
              state:
                event.monitor_status === "up" || event.monitor_status === "down"
                  ? event.monitor_status
                  : current.state,
            }
          : current,
      );
      refreshFigures();
    } else if (event.type === "alert" && event.alert.monitor_id === id) {
      alerts.setData((current) => upsertAlert(current, event.alert));
    } else if (event.type === "monitor" && event.monitor.id === id) {
      monitor.setData(event.monitor);
    } else if (event.type === "monitor-deleted" && event.monitor_id === id) {
      setDeleted(true);
    }
  });

  if (deleted) {
    return (
      <div className="app-page">
        <div className="app-empty-state" role="status">
          <h1>This monitor was deleted</h1>
          <Link to={APP_BASE} className="button button-primary">
            Back to monitors
          </Link>
        </div>
      </div>
    );
  }
  if (monitor.error) {
    return (
      <div className="app-page">
        <div className="app-empty-state">
          <h1>{monitor.errorStatus === 404 ? "No such monitor" : "The monitor did not load"}</h1>
          <p role="alert">{monitor.error}</p>
          <Link to={APP_BASE} className="button button-primary">
            Back to monitors
          </Link>
        </div>
      </div>
    );
  }
  const current = monitor.data;
  if (!current) {
    return (
      <div className="app-page">
        <p className="loading-line" role="status">
          Loading the monitor…
        </p>
      </div>
    );
  }
  const status = statusOf(current);

  return (
    <div className="app-page monitor-detail">
      <title>{pageTitle(current.name)}</title>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to={APP_BASE}>Monitors</Link> <span aria-hidden="true">/</span> {current.name}
      </nav>
      <header className="app-page-header">
        <div>
          <h1 className="monitor-title">
            <span>{current.name}</span> <StatusBadge status={status} />
          </h1>
          <p className="monitor-subtitle">
            <span className="type-chip">{CHECK_TYPE_NAMES[current.type]}</span>
            <span className="monitor-target-text">{current.target}</span>
            <span>Last checked {formatAgo(current.last_checked_at)}</span>
            <LiveIndicator />
          </p>
        </div>
      </header>
      <MonitorActions
        monitor={current}
        onMonitor={(next) => monitor.setData(next)}
        onCheck={(check) => {
          checks.addCheck(check);
          void monitor.reload();
          void alerts.reload();
          refreshFigures();
        }}
      />
      <section aria-labelledby="uptime-title" className="app-panel">
        <h2 id="uptime-title">Uptime</h2>
        <DayBars
          overview={overview.data?.data.find((item) => item.monitor_id === id)}
          name={current.name}
        />
        <UptimeSummary day={day.data} week={week.data} month={month.data} />
      </section>
      <section aria-labelledby="response-title" className="app-panel">
        <h2 id="response-title">Response time</h2>
        {checks.checks.length ? (
          <ResponseChart checks={checks.checks.slice(0, 50)} />
        ) : (
          <p className="app-muted">The chart appears after the first check.</p>
        )}
      </section>
      <section aria-labelledby="alerts-title" className="app-panel">
        <h2 id="alerts-title">Alerts</h2>
        {alerts.data?.data.length ? (
          <ul className="alert-list">
            {alerts.data.data.map((alert) => (
              <AlertItem
                key={alert.id}
                alert={alert}
                onChange={(next) => alerts.setData((list) => upsertAlert(list, next))}
              />
            ))}
          </ul>
        ) : (
          <p className="app-muted">{alerts.loading ? "Loading…" : "No alerts for this monitor."}</p>
        )}
      </section>
      <section aria-labelledby="checks-title" className="app-panel">
        <h2 id="checks-title">Recent checks</h2>
        {checks.error ? (
          <p className="notice notice-error" role="alert">
            {checks.error}
          </p>
        ) : null}
        {checks.loading ? (
          <p className="app-muted">Loading…</p>
        ) : (
          <ChecksTable
            checks={checks.checks}
            hasMore={checks.hasMore}
            loadingMore={checks.loadingMore}
            onMore={checks.loadMore}
          />
        )}
      </section>
      <section aria-labelledby="incidents-title" className="app-panel">
        <h2 id="incidents-title">Incidents</h2>
        <IncidentsList incidents={incidents.data?.data ?? []} />
      </section>
      <section aria-labelledby="dependencies-title" className="app-panel">
        <h2 id="dependencies-title">Dependencies</h2>
        <DependenciesPanel
          monitor={current}
          monitors={monitors.data?.data ?? []}
          dependencies={dependencies.data?.data ?? []}
          onChange={dependencies.reload}
        />
      </section>
      <section aria-labelledby="settings-title" className="app-panel">
        <h2 id="settings-title">Settings</h2>
        <MonitorSettings monitor={current} />
      </section>
    </div>
  );
}
