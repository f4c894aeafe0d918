import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { RequirePermission } from "../../signed-in/require-permission.tsx";
import { alertPageChoices } from "../../signed-in/status-incidents/alert-pages.ts";
import {
  monitorComponentsQuery,
  statusPagesListQuery,
} from "../../signed-in/status-incidents/incidents-api.ts";
import css from "../../signed-in/status-incidents/status-incidents.css?url";
import { useAlert } from "../../signed-in/status-incidents/use-alert-components.ts";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";

export const links = () => [stylesheet(css)];

export function meta() {
  return appMeta("Post an incident");
}

const BACK = <Link to={`${APP_BASE}/alerts`}>Back to alerts</Link>;

/** The screen, for roles allowed it. */
export default function StatusPostIncident() {
  return (
    <RequirePermission
      permission="status_pages.manage"
      title="Post an incident"
      refusal="Your role does not post incidents."
    >
      <StatusPostIncidentScreen />
    </RequirePermission>
  );
}

/** From an alert: which status page the incident goes on, those linked to its monitor first. */
function StatusPostIncidentScreen() {
  const [params] = useSearchParams();
  const alertId = params.get("alert") ?? "";
  const alert = useAlert(alertId);
  const monitorId = alert.data?.monitor_id ?? "";
  const pages = useQuery(statusPagesListQuery());
  const links = useQuery({ ...monitorComponentsQuery(monitorId), enabled: monitorId !== "" });
  const header = (
    <PageHeader
      title="Post an incident"
      description="Tell the visitors of a status page about this alert. Choose the page; the components linked to the alert's monitor are filled in."
      back={BACK}
    />
  );
  const failed = alert.error ?? pages.error ?? links.error;
  if (failed) {
    return (
      <>
        {header}
        <LoadError
          message={problemText(failed)}
          onRetry={() => {
            void alert.refetch();
            void pages.refetch();
            void links.refetch();
          }}
        />
      </>
    );
  }
  if (!alertId) {
    return (
      <>
        {header}
        <p className="app-notice">Open this from an alert's “Post incident” link.</p>
      </>
    );
  }
  if (!alert.data || !pages.data || !links.data) {
    return (
      <>
        {header}
        <Skeleton lines={3} label="Loading your status pages" />
      </>
    );
  }
  const choices = alertPageChoices(pages.data.data, links.data.data);
  return (
    <>
      {header}
      <p>
        Alert: <strong>{alert.data.message}</strong>
      </p>
      {choices.length === 0 ? (
        <EmptyState
          title="No status pages yet"
          action={
            <Link to={`${APP_BASE}/status-pages/new`} className="button button-primary">
              Create a status page
            </Link>
          }
        >
          <p>Create a status page first, with components linked to your monitors.</p>
        </EmptyState>
      ) : (
        <ul className="status-incident-list">
          {choices.map(({ page, linked }) => (
            <li key={page.id} className="status-incident-card">
              <div className="status-incident-card-head">
                <Link
                  to={`${APP_BASE}/status-pages/${page.id}/incidents/new?alert=${encodeURIComponent(alertId)}`}
                >
                  Post on {page.name}
                </Link>
              </div>
              <p className="app-muted">
                {linked.length > 0
                  ? `Linked to the monitor: ${linked.map((component) => component.name).join(", ")}`
                  : "No component of this page is linked to the alert's monitor."}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
