import type { AlertPage, AlertView, ListOf, MonitorView } from "@upwatch/api";
import { ALERT_SEVERITIES, type AlertSeverity, type AlertState } from "@upwatch/core";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { AlertItem } from "../../signed-in/alerts/alert-item.tsx";
import alertsCss from "../../signed-in/alerts/alerts.css?url";
import { APP_BASE, apiRequest } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { type LiveEvent, useLiveEvents } from "../../signed-in/live-events.ts";
import { LiveIndicator } from "../../signed-in/monitors/live-indicator.tsx";
import monitorsCss from "../../signed-in/monitors/monitors.css?url";
import { problemText, useApiResource } from "../../signed-in/monitors/use-api-resource.ts";
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

function alertsPath(state: AlertState, severity: string, before?: number): string {
  const query = new URLSearchParams({ state, limit: "50" });
  if (severity) query.set("severity", severity);
  if (before !== undefined) query.set("before", String(before));
  return `/alerts?${query}`;
}

export default function Alerts() {
  const [params, setParams] = useSearchParams();
  const state = TABS.find((tab) => tab.state === params.get("state"))?.state ?? "open";
  const severityParam = params.get("severity") ?? "";
  const severity = (ALERT_SEVERITIES as readonly string[]).includes(severityParam)
    ? (severityParam as AlertSeverity)
    : "";
  const list = useApiResource<AlertPage>(alertsPath(state, severity));
  const monitors = useApiResource<ListOf<MonitorView>>("/monitors");
  const [moreProblem, setMoreProblem] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const names = new Map((monitors.data?.data ?? []).map((item) => [item.id, item.name]));
  const tab = TABS.find((item) => item.state === state) ?? TABS[0]!;

  const place = (alert: AlertView) =>
    list.setData((current) => {
      if (!current) return current;
      const belongs = alert.state === state && (!severity || alert.severity === severity);
      const rest = current.data.filter((item) => item.id !== alert.id);
      const known = rest.length !== current.data.length;
      if (!belongs) return { ...current, data: rest };
      return {
        ...current,
        data: known
          ? current.data.map((item) => (item.id === alert.id ? alert : item))
          : [alert, ...current.data],
      };
    });

  useLiveEvents((event: LiveEvent) => {
    if (event.type === "alert") place(event.alert);
    else if (event.type === "resync") void list.reload();
    else if (event.type === "monitor" || event.type === "monitor-deleted") void monitors.reload();
  });

  const choose = (next: { state?: AlertState; severity?: string }) => {
    const query = new URLSearchParams();
    const nextState = next.state ?? state;
    const nextSeverity = next.severity ?? severity;
    if (nextState !== "open") query.set("state", nextState);
    if (nextSeverity) query.set("severity", nextSeverity);
    setParams(query, { replace: true, preventScrollReset: true });
  };

  async function loadMore() {
    const before = list.data?.next_before;
    if (before === null || before === undefined) return;
    setLoadingMore(true);
    setMoreProblem(null);
    try {
      const page = await apiRequest<AlertPage>("GET", alertsPath(state, severity, before));
      list.setData((current) =>
        current ? { data: [...current.data, ...page.data], next_before: page.next_before } : page,
      );
    } catch (error) {
      setMoreProblem(problemText(error));
    } finally {
      setLoadingMore(false);
    }
  }

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
      {list.error ? (
        <div className="notice notice-error" role="alert">
          <p>{list.error}</p>
          <button type="button" className="button button-ghost" onClick={list.reload}>
            Try again
          </button>
        </div>
      ) : !list.data ? (
        <p className="loading-line" role="status">
          Loading alerts…
        </p>
      ) : list.data.data.length === 0 ? (
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
            {list.data.data.map((alert) => (
              <AlertItem
                key={alert.id}
                alert={alert}
                monitorName={names.get(alert.monitor_id) ?? "Monitor"}
                onChange={place}
              />
            ))}
          </ul>
          {list.data.next_before !== null ? (
            <button
              type="button"
              className="button button-ghost load-more"
              onClick={loadMore}
              disabled={loadingMore}
            >
              {loadingMore ? "Loading…" : "Show older alerts"}
            </button>
          ) : null}
          {moreProblem ? (
            <p className="notice notice-error" role="alert">
              {moreProblem}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
