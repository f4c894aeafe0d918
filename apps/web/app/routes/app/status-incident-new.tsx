import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { RequirePermission } from "../../signed-in/require-permission.tsx";
import { IncidentForm } from "../../signed-in/status-incidents/incident-form.tsx";
import { selectComponents } from "../../signed-in/status-incidents/incident-form-logic.ts";
import {
  createIncident,
  pageComponentsQuery,
  statusKeys,
} from "../../signed-in/status-incidents/incidents-api.ts";
import css from "../../signed-in/status-incidents/status-incidents.css?url";
import { useAlertComponents } from "../../signed-in/status-incidents/use-alert-components.ts";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export const links = () => [stylesheet(css)];

export function meta() {
  return appMeta("Post an incident");
}

/** The screen, for roles allowed it. */
export default function StatusIncidentNew() {
  return (
    <RequirePermission
      permission="status_pages.manage"
      refusal="Your role does not post incidents."
    >
      <StatusIncidentNewScreen />
    </RequirePermission>
  );
}

/** Opening an incident; `?alert=` fills in the components linked to the alert's monitor. */
function StatusIncidentNewScreen() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const alertId = params.get("alert") ?? "";
  const components = useQuery(pageComponentsQuery(id));
  const fromAlert = useAlertComponents(alertId, id);
  const navigate = useNavigate();
  const client = useQueryClient();
  const { showToast } = useToast();
  const back = `${APP_BASE}/status-pages/${id}/incidents`;

  const heading = (
    <div className="status-section-head">
      <h2>Post an incident</h2>
      <Link to={back}>Back to incidents</Link>
    </div>
  );
  if (components.isPending || fromAlert.pending) {
    return (
      <>
        {heading}
        <Skeleton lines={5} label="Loading the page's components" />
      </>
    );
  }
  if (components.isError) {
    return (
      <>
        {heading}
        <LoadError
          message={problemText(components.error)}
          onRetry={() => void components.refetch()}
        />
      </>
    );
  }
  return (
    <>
      {heading}
      {fromAlert.note ? <p className="app-notice">{fromAlert.note}</p> : null}
      <section className="app-panel" aria-labelledby="status-incident-new-heading">
        <h3 id="status-incident-new-heading" className="visually-hidden">
          The incident
        </h3>
        <IncidentForm
          idPrefix="status-incident-new"
          withTitle
          components={components.data.data}
          initialStage="investigating"
          initialSelection={selectComponents(fromAlert.componentIds, "major_outage")}
          submitLabel="Post incident"
          busyLabel="Posting..."
          onSubmit={async (values) => {
            const incident = await createIncident(id, values);
            await client.invalidateQueries({ queryKey: statusKeys.page(id) });
            showToast(`“${incident.title}” is on the public page.`);
            navigate(`${APP_BASE}/status-pages/${id}/incidents/${incident.id}`);
          }}
        />
      </section>
    </>
  );
}
