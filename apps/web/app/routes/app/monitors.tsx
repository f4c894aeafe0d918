import type { AccountOverview, ListOf, MonitorOverview, MonitorView } from "@upwatch/api";
import { getPlan, monitorCountViolation } from "@upwatch/core";
import { useMemo } from "react";
import { Link } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { type LiveEvent, useLiveEvents } from "../../signed-in/live-events.ts";
import { LiveIndicator } from "../../signed-in/monitors/live-indicator.tsx";
import { applyLiveCheck } from "../../signed-in/monitors/live-overview.ts";
import {
  filterMonitors,
  groupNames,
  hasFilters,
  sortMonitors,
  statusOf,
} from "../../signed-in/monitors/monitor-filters.ts";
import { MonitorFiltersBar } from "../../signed-in/monitors/monitor-filters-bar.tsx";
import { MonitorRow } from "../../signed-in/monitors/monitor-row.tsx";
import monitorsCss from "../../signed-in/monitors/monitors.css?url";
import { useApiResource } from "../../signed-in/monitors/use-api-resource.ts";
import { useMinuteTick } from "../../signed-in/monitors/use-minute-tick.ts";
import { useMonitorFilters } from "../../signed-in/monitors/use-monitor-filters.ts";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";

export const links = () => [stylesheet(monitorsCss)];

export function meta() {
  return appMeta("Monitors");
}

export default function Monitors() {
  const [filters, setFilters] = useMonitorFilters();
  useMinuteTick();
  const monitors = useApiResource<ListOf<MonitorView>>("/monitors");
  const overview = useApiResource<ListOf<MonitorOverview>>("/monitors/overview");
  const account = useApiResource<AccountOverview>("/account");

  const overviews = useMemo(
    () => new Map((overview.data?.data ?? []).map((item) => [item.monitor_id, item])),
    [overview.data],
  );

  useLiveEvents((event: LiveEvent) => {
    if (event.type === "resync") {
      void monitors.reload();
      void overview.reload();
      void account.reload();
    } else if (event.type === "check") {
      overview.setData((current) =>
        current
          ? {
              data: current.data.map((item) =>
                item.monitor_id === event.monitor_id
                  ? applyLiveCheck(item, event.check, event.monitor_status)
                  : item,
              ),
            }
          : current,
      );
    } else if (event.type === "monitor") {
      const known = monitors.data?.data.some((item) => item.id === event.monitor.id);
      monitors.setData((current) =>
        current
          ? {
              data: known
                ? current.data.map((item) => (item.id === event.monitor.id ? event.monitor : item))
                : [...current.data, event.monitor],
            }
          : current,
      );
      void overview.reload();
      if (!known) void account.reload();
    } else if (event.type === "monitor-deleted") {
      monitors.setData((current) =>
        current ? { data: current.data.filter((item) => item.id !== event.monitor_id) } : current,
      );
      void account.reload();
    }
  });

  const all = monitors.data?.data ?? [];
  const shown = sortMonitors(filterMonitors(all, overviews, filters), overviews);
  const limit = account.data
    ? monitorCountViolation(getPlan(account.data.plan), account.data.monitors)
    : null;
  const counts = { up: 0, down: 0, paused: 0, pending: 0 };
  for (const monitor of all) counts[statusOf(monitor, overviews.get(monitor.id))] += 1;

  return (
    <div className="app-page monitors-page">
      <PageHeader
        title="Monitors"
        description={
          all.length > 0 ? (
            <span className="monitor-counts">
              <span>{counts.up} up</span>
              <span>{counts.down} down</span>
              <span>{counts.paused} paused</span>
              {counts.pending ? <span>{counts.pending} pending</span> : null}
            </span>
          ) : (
            "Websites, APIs, servers and certificates, checked on a schedule."
          )
        }
        actions={
          <>
            <LiveIndicator />
            <Link to={`${APP_BASE}/monitors/new`} className="button button-primary">
              Add monitor
            </Link>
          </>
        }
      />
      {limit ? (
        <p className="notice notice-warn" role="status">
          {limit.detail}
        </p>
      ) : null}
      {monitors.error ? (
        <div className="notice notice-error" role="alert">
          <p>{monitors.error}</p>
          <button type="button" className="button button-ghost" onClick={monitors.reload}>
            Try again
          </button>
        </div>
      ) : monitors.loading && !monitors.data ? (
        <p className="loading-line" role="status">
          Loading monitors…
        </p>
      ) : all.length === 0 ? (
        <EmptyState
          title="Add your first monitor"
          action={
            <Link to={`${APP_BASE}/monitors/new`} className="button button-primary">
              Add your first monitor
            </Link>
          }
        >
          <p>
            A monitor checks a website, an API, a server or a certificate on a schedule and alerts
            you when it goes down. Setting one up takes under 2 minutes.
          </p>
        </EmptyState>
      ) : (
        <>
          <MonitorFiltersBar filters={filters} groups={groupNames(all)} onChange={setFilters} />
          {shown.length === 0 ? (
            <EmptyState
              title="No monitor matches"
              action={
                <button
                  type="button"
                  className="button button-ghost"
                  onClick={() => setFilters({ q: "", status: "", type: "", group: "" })}
                >
                  Clear search and filters
                </button>
              }
            >
              <p>Nothing fits this search and these filters. Try other words or clear them.</p>
            </EmptyState>
          ) : (
            <>
              {hasFilters(filters) ? (
                <p className="result-count" role="status">
                  {shown.length} of {all.length} monitors
                </p>
              ) : null}
              <ul className="monitor-list" aria-label="Monitors">
                {shown.map((monitor) => (
                  <MonitorRow
                    key={monitor.id}
                    monitor={monitor}
                    overview={overviews.get(monitor.id)}
                  />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}
