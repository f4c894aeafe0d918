import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { CHECK_TYPE_NAMES, pageTitle } from "@upwatch/core";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { AlertItem } from "../../signed-in/alerts/alert-item.tsx";
import alertsCss from "../../signed-in/alerts/alerts.css?url";
import { APP_BASE, ApiError, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { recordCheckNow, storeAlert, storeMonitor } from "../../signed-in/cache/live-cache.ts";
import {
  alertsQuery,
  checksQuery,
  dependenciesQuery,
  groupsQuery,
  incidentsQuery,
  monitorQuery,
  monitorsQuery,
  overviewQuery,
  queryKeys,
  statsQuery,
} from "../../signed-in/cache/queries.ts";
import { groupPath } from "../../signed-in/groups/group-paths.ts";
import { type LiveEvent, useLiveEvents } from "../../signed-in/live-events.ts";
import { BadgesPanel } from "../../signed-in/monitor-detail/badges-panel.tsx";
import { checksAsShown } from "../../signed-in/monitor-detail/checks-shown.ts";
import { ChecksTable } from "../../signed-in/monitor-detail/checks-table.tsx";
import { DependenciesPanel } from "../../signed-in/monitor-detail/dependencies-panel.tsx";
import { EffectiveChannels } from "../../signed-in/monitor-detail/effective-channels.tsx";
import { HeartbeatPanel } from "../../signed-in/monitor-detail/heartbeat-panel.tsx";
import { IncidentsList } from "../../signed-in/monitor-detail/incidents-list.tsx";
import { MonitorActions } from "../../signed-in/monitor-detail/monitor-actions.tsx";
import detailCss from "../../signed-in/monitor-detail/monitor-detail.css?url";
import { MonitorSettings } from "../../signed-in/monitor-detail/monitor-settings.tsx";
import { MultiStepRuns } from "../../signed-in/monitor-detail/multi-step-runs.tsx";
import { RegionPanel } from "../../signed-in/monitor-detail/region-panel.tsx";
import { ResponseChart } from "../../signed-in/monitor-detail/response-chart.tsx";
import runStepsCss from "../../signed-in/monitor-detail/run-steps.css?url";
import {
  RunnerProblemNotice,
  RunsFromAgent,
} from "../../signed-in/monitor-detail/runs-from-agent.tsx";
import { UnservedNotices } from "../../signed-in/monitor-detail/unserved-notices.tsx";
import { DayBars, UptimeSummary } from "../../signed-in/monitor-detail/uptime-summary.tsx";
import { describeStreak, failingStreak } from "../../signed-in/monitors/failing-streak.ts";
import { formatAgo } from "../../signed-in/monitors/format.ts";
import { LiveIndicator } from "../../signed-in/monitors/live-indicator.tsx";
import { statusOf } from "../../signed-in/monitors/monitor-filters.ts";
import monitorsCss from "../../signed-in/monitors/monitors.css?url";
import { StatusBadge } from "../../signed-in/monitors/status-badge.tsx";
import { useMinuteTick } from "../../signed-in/monitors/use-minute-tick.ts";

export const links = () => [
  stylesheet(monitorsCss),
  stylesheet(detailCss),
  stylesheet(runStepsCss),
  stylesheet(alertsCss),
];

export function meta() {
  return appMeta("Monitor");
}

export default function MonitorDetail() {
  const id = useParams().id ?? "";
  const client = useQueryClient();
  const monitor = useQuery(monitorQuery(id));
  const day = useQuery(statsQuery(id, "24h"));
  const week = useQuery(statsQuery(id, "7d"));
  const month = useQuery(statsQuery(id, "30d"));
  const incidents = useQuery(incidentsQuery(id));
  const alerts = useInfiniteQuery(alertsQuery({ monitorId: id, limit: 20 }));
  const dependencies = useQuery(dependenciesQuery());
  const monitors = useQuery(monitorsQuery());
  const overview = useQuery(overviewQuery());
  const groups = useQuery(groupsQuery());
  const groupList = groups.data?.data ?? [];
  const checks = useInfiniteQuery(checksQuery(id));
  const checkList = checks.data?.pages.flatMap((page) => page.data) ?? [];
  const alertList = alerts.data?.pages.flatMap((page) => page.data) ?? [];
  const [deleted, setDeleted] = useState(false);
  useMinuteTick();

  // The cache follows the live stream; only the page itself can say that it is gone.
  useLiveEvents((event: LiveEvent) => {
    if (event.type === "monitor-deleted" && event.monitor_id === id) setDeleted(true);
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
          <h1>
            {monitor.error instanceof ApiError && monitor.error.status === 404
              ? "No such monitor"
              : "The monitor did not load"}
          </h1>
          <p role="alert">{problemText(monitor.error)}</p>
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
  const streak = failingStreak(current);
  const multiStep = current.type === "multi_step";
  const runsFromAgent = current.run_from === "agent";
  const heartbeat = current.type === "heartbeat";
  const shownChecks = checksAsShown(checkList, current.type);

  return (
    <div className="app-page monitor-detail">
      <title>{pageTitle(current.name)}</title>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to={APP_BASE}>Monitors</Link> <span aria-hidden="true">/</span> {current.name}
      </nav>
      <header className="app-page-header">
        <div>
          <h1 className="monitor-title">
            <span>{current.name}</span> <StatusBadge status={status} streak={streak} />
          </h1>
          <p className="monitor-subtitle">
            <span className="type-chip">{CHECK_TYPE_NAMES[current.type]}</span>
            {heartbeat ? null : <span className="monitor-target-text">{current.target}</span>}
            <RunsFromAgent monitor={current} />
            <span>Last checked {formatAgo(current.last_checked_at)}</span>
            {current.group_ids.length > 0 ? (
              <span className="monitor-groups">
                <span className="visually-hidden">Groups: </span>
                {groupList
                  .filter((group) => current.group_ids.includes(group.id))
                  .map((group) => (
                    <Link key={group.id} to={groupPath(group.id)} className="group-chip">
                      {group.name}
                    </Link>
                  ))}
              </span>
            ) : null}
            <LiveIndicator />
          </p>
        </div>
      </header>
      {streak ? (
        <p className="notice notice-warn monitor-streak-notice" role="status">
          <strong>Failing.</strong> {describeStreak(streak)}
        </p>
      ) : null}
      {runsFromAgent ? (
        <RunnerProblemNotice monitor={current} />
      ) : (
        <UnservedNotices monitor={current} />
      )}
      {heartbeat ? (
        <HeartbeatPanel monitor={current} onMonitor={(next) => storeMonitor(client, next)} />
      ) : null}
      <MonitorActions
        monitor={current}
        onMonitor={(next) => storeMonitor(client, next)}
        onCheck={(check) => recordCheckNow(client, id, check)}
      />
      <section aria-labelledby="uptime-title" className="app-panel">
        <h2 id="uptime-title">Uptime</h2>
        <DayBars
          overview={overview.data?.data.find((item) => item.monitor_id === id)}
          name={current.name}
        />
        <UptimeSummary day={day.data} week={week.data} month={month.data} />
      </section>
      {multiStep ? (
        <section aria-labelledby="runs-title" className="app-panel">
          <h2 id="runs-title">Runs</h2>
          {checks.isPending ? (
            <p className="app-muted">Loading…</p>
          ) : (
            <MultiStepRuns monitorId={id} checks={checkList} />
          )}
        </section>
      ) : null}
      <section aria-labelledby="response-title" className="app-panel">
        <h2 id="response-title">{heartbeat ? "Run time" : "Response time"}</h2>
        {checkList.length ? (
          <ResponseChart
            checks={shownChecks.slice(0, 50)}
            wholeRuns={multiStep}
            heartbeat={heartbeat}
          />
        ) : (
          <p className="app-muted">The chart appears after the first check.</p>
        )}
      </section>
      {runsFromAgent || heartbeat ? null : (
        <section aria-labelledby="regions-title" className="app-panel">
          <h2 id="regions-title">Response time by region</h2>
          <RegionPanel monitorId={id} />
        </section>
      )}
      <section aria-labelledby="alerts-title" className="app-panel">
        <h2 id="alerts-title">Alerts</h2>
        {alertList.length ? (
          <ul className="alert-list">
            {alertList.map((alert) => (
              <AlertItem
                key={alert.id}
                alert={alert}
                onChange={(next) => storeAlert(client, next)}
              />
            ))}
          </ul>
        ) : (
          <p className="app-muted">
            {alerts.isPending ? "Loading…" : "No alerts for this monitor."}
          </p>
        )}
      </section>
      <section aria-labelledby="channels-title" className="app-panel">
        <h2 id="channels-title">Alert channels</h2>
        {groups.data || groups.isError ? (
          <EffectiveChannels monitor={current} groups={groupList} />
        ) : (
          <p className="app-muted">Loading…</p>
        )}
      </section>
      <section aria-labelledby="checks-title" className="app-panel">
        <h2 id="checks-title">Recent checks</h2>
        {checks.error ? (
          <p className="notice notice-error" role="alert">
            {problemText(checks.error)}
          </p>
        ) : null}
        {checks.isPending ? (
          <p className="app-muted">Loading…</p>
        ) : (
          <ChecksTable
            checks={shownChecks}
            heartbeat={heartbeat}
            hasMore={checks.hasNextPage}
            loadingMore={checks.isFetchingNextPage}
            onMore={() => void checks.fetchNextPage()}
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
          onChange={() => client.invalidateQueries({ queryKey: queryKeys.dependencies })}
        />
      </section>
      <section aria-labelledby="settings-title" className="app-panel">
        <h2 id="settings-title">Settings</h2>
        <MonitorSettings monitor={current} groups={groupList} />
      </section>
      <BadgesPanel monitorId={id} />
    </div>
  );
}
