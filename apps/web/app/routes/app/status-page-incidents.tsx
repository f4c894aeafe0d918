import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { useCan } from "../../signed-in/session.tsx";
import { IncidentList } from "../../signed-in/status-incidents/incident-list.tsx";
import { incidentListQuery } from "../../signed-in/status-incidents/incidents-api.ts";
import css from "../../signed-in/status-incidents/status-incidents.css?url";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";

export const links = () => [stylesheet(css)];

export function meta() {
  return appMeta("Status page incidents");
}

/** A page's incidents: those still open, then the resolved ones, newest first. */
export default function StatusPageIncidents() {
  const { id = "" } = useParams();
  const open = useQuery(incidentListQuery(id, "open"));
  const past = useQuery(incidentListQuery(id, "resolved"));
  const newLink = `${APP_BASE}/status-pages/${id}/incidents/new`;
  const mayManage = useCan()("status_pages.manage");

  return (
    <>
      <div className="status-section-head">
        <h2>Open incidents</h2>
        {mayManage ? (
          <Link to={newLink} className="button button-primary">
            Post an incident
          </Link>
        ) : null}
      </div>
      {open.isPending ? <Skeleton lines={2} label="Loading open incidents" /> : null}
      {open.isError ? (
        <LoadError message={problemText(open.error)} onRetry={() => void open.refetch()} />
      ) : null}
      {open.isSuccess && open.data.data.length === 0 ? (
        <EmptyState title="No open incidents">
          <p>
            {mayManage
              ? "When something goes wrong, post an incident: visitors see it on the page, the affected components change state, and subscribers get a mail with every update."
              : "Incidents posted on this page will show here."}
          </p>
        </EmptyState>
      ) : null}
      {open.isSuccess && open.data.data.length > 0 ? (
        <IncidentList pageId={id} incidents={open.data.data} />
      ) : null}

      <div className="status-section-head">
        <h2>Past incidents</h2>
      </div>
      {past.isPending ? <Skeleton lines={2} label="Loading past incidents" /> : null}
      {past.isError ? (
        <LoadError message={problemText(past.error)} onRetry={() => void past.refetch()} />
      ) : null}
      {past.isSuccess && past.data.data.length === 0 ? (
        <p className="app-muted">No resolved incidents yet.</p>
      ) : null}
      {past.isSuccess && past.data.data.length > 0 ? (
        <IncidentList pageId={id} incidents={past.data.data} />
      ) : null}
      {past.isSuccess && past.data.next_before !== null ? (
        <p className="app-muted">
          The latest 100 resolved incidents are listed; older ones are in the page's public history.
        </p>
      ) : null}
    </>
  );
}
