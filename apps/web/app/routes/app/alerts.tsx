import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AlertView } from "@upwatch/api";
import { ALERT_SEVERITIES, type AlertSeverity, type AlertState } from "@upwatch/core";
import { Link, useSearchParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { AlertItem } from "../../signed-in/alerts/alert-item.tsx";
import alertsCss from "../../signed-in/alerts/alerts.css?url";
import { APP_BASE, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { storeAlert } from "../../signed-in/cache/live-cache.ts";
import { alertsQuery, monitorsQuery } from "../../signed-in/cache/queries.ts";
import { LiveIndicator } from "../../signed-in/monitors/live-indicator.tsx";
import monitorsCss from "../../signed-in/monitors/monitors.css?url";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";

export const links = () => [stylesheet(monitorsCss), stylesheet(alertsCss)];

export function meta() {
  return appMeta("Alerts");
}

const TABS: { state: AlertState; label: string; empty: string }[] = [
  { state: "open", label: "Active", empty: "No active alerts. Everything is up, or acknowledged." },
  { state: "acknowledged", label: "Acknowledged", empty: "No acknowledged alerts." },
  { state: "resolved", label: "Resolved", empty: "No resolved alerts yet." },
];

export default function Alerts() {
  const [params, setParams] = useSearchParams();
  const state = TABS.find((tab) => tab.state === params.get("state"))?.state ?? "open";
  const severityParam = params.get("severity") ?? "";
  const severity = (ALERT_SEVERITIES as readonly string[]).includes(severityParam)
    ? (severityParam as AlertSeverity)
    : "";
  const client = useQueryClient();
  const list = useInfiniteQuery(
    alertsQuery({ state, ...(severity ? { severity } : {}), limit: 50 }),
  );
  const monitors = useQuery(monitorsQuery());
  const alerts = list.data?.pages.flatMap((page) => page.data) ?? [];
  const names = new Map((monitors.data?.data ?? []).map((item) => [item.id, item.name]));
  const tab = TABS.find((item) => item.state === state) ?? TABS[0]!;
  const place = (alert: AlertView) => storeAlert(client, alert);

  const choose = (next: { state?: AlertState; severity?: string }) => {
    const query = new URLSearchParams();
    const nextState = next.state ?? state;
    const nextSeverity = next.severity ?? severity;
    if (nextState !== "open") query.set("state", nextState);
    if (nextSeverity) query.set("severity", nextSeverity);
    setParams(query, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="app-page alerts-page">
      <PageHeader
        title="Alerts"
        description="What is down or expiring, who was told, and what has been dealt with."
        actions={<LiveIndicator />}
      />
      <div className="alert-filters">
        <nav aria-label="Alert state" className="tabs">
          {TABS.map((item) => (
            <Link
              key={item.state}
              to={`?${new URLSearchParams({
                ...(item.state === "open" ? {} : { state: item.state }),
                ...(severity ? { severity } : {}),
              })}`}
              replace
              preventScrollReset
              className={item.state === state ? "tab tab-current" : "tab"}
              aria-current={item.state === state ? "page" : undefined}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="filter-select">
          <label htmlFor="alert-severity">Severity</label>
          <select
            id="alert-severity"
            value={severity}
            onChange={(event) => choose({ severity: event.target.value })}
          >
            <option value="">Any severity</option>
            <option value="critical">Critical</option>
            <option value="warning">Warning</option>
            <option value="info">Info</option>
          </select>
        </div>
      </div>
      {list.error && !list.isFetchNextPageError ? (
        <div className="notice notice-error" role="alert">
          <p>{problemText(list.error)}</p>
          <button type="button" className="button button-ghost" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : list.isPending ? (
        <p className="loading-line" role="status">
          Loading alerts…
        </p>
      ) : alerts.length === 0 ? (
        <EmptyState
          title={tab.empty}
          action={
            <Link to={APP_BASE} className="button button-ghost">
              See your monitors
            </Link>
          }
        >
          <p>
            Alerts open when a monitor goes down or a certificate nears its expiry, and appear here
            at once.
          </p>
        </EmptyState>
      ) : (
        <>
          <ul className="alert-list" aria-label={`${tab.label} alerts`}>
            {alerts.map((alert) => (
              <AlertItem
                key={alert.id}
                alert={alert}
                monitorName={names.get(alert.monitor_id ?? "") ?? (alert.subject.name || "Monitor")}
                onChange={place}
              />
            ))}
          </ul>
          {list.hasNextPage ? (
            <button
              type="button"
              className="button button-ghost load-more"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? "Loading…" : "Show older alerts"}
            </button>
          ) : null}
          {list.isFetchNextPageError ? (
            <p className="notice notice-error" role="alert">
              {problemText(list.error)}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
