import { useQuery } from "@tanstack/react-query";
import { monitorCountViolation } from "@upwatch/core";
import { useMemo } from "react";
import { Link } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { accountPlan } from "../../signed-in/account-plan.ts";
import { APP_BASE, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { ExtrasOffer } from "../../signed-in/billing/extras-offer.tsx";
import {
  accountQuery,
  groupsQuery,
  monitorsQuery,
  overviewQuery,
} from "../../signed-in/cache/queries.ts";
import { groupNamesOf } from "../../signed-in/groups/group-status.ts";
import { LiveIndicator } from "../../signed-in/monitors/live-indicator.tsx";
import {
  filterMonitors,
  hasFilters,
  inAnyGroup,
  NO_FILTERS,
  resolveGroupFilter,
  sortMonitors,
  statusOf,
} from "../../signed-in/monitors/monitor-filters.ts";
import { MonitorFiltersBar } from "../../signed-in/monitors/monitor-filters-bar.tsx";
import { MonitorRow } from "../../signed-in/monitors/monitor-row.tsx";
import monitorsCss from "../../signed-in/monitors/monitors.css?url";
import { useMinuteTick } from "../../signed-in/monitors/use-minute-tick.ts";
import { useMonitorFilters } from "../../signed-in/monitors/use-monitor-filters.ts";
import { useCan } from "../../signed-in/session.tsx";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";

export const links = () => [stylesheet(monitorsCss)];

export function meta() {
  return appMeta("Monitors");
}

export default function Monitors() {
  const [chosen, setFilters] = useMonitorFilters();
  useMinuteTick();
  const monitors = useQuery(monitorsQuery());
  const groups = useQuery(groupsQuery());
  const groupList = groups.data?.data ?? [];
  const filters = { ...chosen, groups: resolveGroupFilter(chosen.groups, groupList) };
  // The day's bars and uptime come for the chosen groups' monitors only.
  const knownGroups = filters.groups.filter((id) => groupList.some((group) => group.id === id));
  const overview = useQuery({
    ...overviewQuery(knownGroups),
    enabled: filters.groups.length === 0 || knownGroups.length > 0,
  });
  const account = useQuery(accountQuery());
  const mayManage = useCan()("monitors.manage");

  const overviews = useMemo(
    () => new Map((overview.data?.data ?? []).map((item) => [item.monitor_id, item])),
    [overview.data],
  );

  const all = monitors.data?.data ?? [];
  const inGroups = all.filter((monitor) => inAnyGroup(monitor, filters.groups));
  const shown = sortMonitors(filterMonitors(all, overviews, filters), overviews);
  const limit = account.data
    ? monitorCountViolation(accountPlan(account.data), account.data.monitors)
    : null;
  const counts = { up: 0, down: 0, paused: 0, pending: 0 };
  for (const monitor of inGroups) counts[statusOf(monitor, overviews.get(monitor.id))] += 1;

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
            {mayManage ? (
              <Link to={`${APP_BASE}/monitors/new`} className="button button-primary">
                Add monitor
              </Link>
            ) : null}
          </>
        }
      />
      {limit && mayManage ? (
        <div className="notice notice-warn" role="status">
          <p>{limit.detail}</p>
          <ExtrasOffer kind="monitors" />
        </div>
      ) : null}
      {monitors.error ? (
        <div className="notice notice-error" role="alert">
          <p>{problemText(monitors.error)}</p>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => void monitors.refetch()}
          >
            Try again
          </button>
        </div>
      ) : monitors.isPending ? (
        <p className="loading-line" role="status">
          Loading monitors…
        </p>
      ) : all.length === 0 && !mayManage ? (
        <EmptyState title="No monitors yet.">
          <p>Monitors added to this account will show here.</p>
        </EmptyState>
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
          <MonitorFiltersBar filters={filters} groups={groupList} onChange={setFilters} />
          {shown.length === 0 ? (
            <EmptyState
              title="No monitor matches"
              action={
                <button
                  type="button"
                  className="button button-ghost"
                  onClick={() => setFilters(NO_FILTERS)}
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
                    groupNames={groupNamesOf(monitor.group_ids, groupList)}
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
