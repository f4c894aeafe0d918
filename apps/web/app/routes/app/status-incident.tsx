import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { StatusComponent, StatusIncident, StatusIncidentUpdate } from "@upwatch/api";
import { type ReactNode, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { useCan } from "../../signed-in/session.tsx";
import { EditUpdateDialog } from "../../signed-in/status-incidents/edit-update-dialog.tsx";
import { IncidentForm } from "../../signed-in/status-incidents/incident-form.tsx";
import { durationWords } from "../../signed-in/status-incidents/incident-form-logic.ts";
import { IncidentTimeline } from "../../signed-in/status-incidents/incident-timeline.tsx";
import {
  deleteIncident,
  incidentQuery,
  pageComponentsQuery,
  postIncidentUpdate,
  statusKeys,
} from "../../signed-in/status-incidents/incidents-api.ts";
import { RenameIncidentDialog } from "../../signed-in/status-incidents/rename-incident-dialog.tsx";
import { ComponentStates, StageBadge } from "../../signed-in/status-incidents/stage-badge.tsx";
import css from "../../signed-in/status-incidents/status-incidents.css?url";
import { Button } from "../../signed-in/ui/button.tsx";
import { DeletePanel } from "../../signed-in/ui/delete-panel.tsx";
import { formatDateTime } from "../../signed-in/ui/format.ts";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export const links = () => [stylesheet(css)];

export function meta() {
  return appMeta("Incident");
}

/** One incident: its updates, posting the next one, correcting its title or a message, deleting it. */
export default function StatusIncidentScreen() {
  const { id = "", incidentId = "" } = useParams();
  const incident = useQuery(incidentQuery(id, incidentId));
  const components = useQuery(pageComponentsQuery(id));
  const back = <Link to={`${APP_BASE}/status-pages/${id}/incidents`}>Back to incidents</Link>;

  const failed = incident.error ?? components.error;
  if (failed) {
    return (
      <>
        <div className="status-section-head">
          <h2>Incident</h2>
          {back}
        </div>
        <LoadError
          message={problemText(failed)}
          onRetry={() => {
            void incident.refetch();
            void components.refetch();
          }}
        />
      </>
    );
  }
  if (!incident.data || !components.data) {
    return <Skeleton lines={5} label="Loading the incident" />;
  }
  return (
    <IncidentDetails
      pageId={id}
      incident={incident.data}
      components={components.data.data}
      back={back}
    />
  );
}

function IncidentDetails({
  pageId,
  incident,
  components,
  back,
}: {
  pageId: string;
  incident: StatusIncident;
  components: StatusComponent[];
  back: ReactNode;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [editing, setEditing] = useState<StatusIncidentUpdate>();
  const [renaming, setRenaming] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const mayManage = useCan()("status_pages.manage");

  const store = (next: StatusIncident) => {
    client.setQueryData(statusKeys.incident(pageId, next.id), next);
    void client.invalidateQueries({ queryKey: statusKeys.page(pageId) });
  };
  const remove = async () => {
    await deleteIncident(pageId, incident.id);
    await client.invalidateQueries({ queryKey: statusKeys.page(pageId) });
    showToast(`“${incident.title}” is deleted.`);
    navigate(`${APP_BASE}/status-pages/${pageId}/incidents`);
  };
  const resolved = incident.resolved_at !== null;
  const nextStage = resolved ? "resolved" : incident.stage;

  return (
    <>
      <div className="status-section-head">
        <h2>{incident.title}</h2>
        {back}
      </div>
      <div className="app-panel">
        <p>
          <StageBadge stage={incident.stage} />{" "}
          <span className="app-muted">
            Started{" "}
            <time dateTime={incident.started_at}>{formatDateTime(incident.started_at)}</time>
            {incident.resolved_at
              ? `; resolved ${formatDateTime(incident.resolved_at)}, after ${durationWords(
                  incident.started_at,
                  incident.resolved_at,
                )}`
              : ""}
          </span>
        </p>
        <ComponentStates components={incident.components} />
        {mayManage ? (
          <Button variant="ghost" size="small" onClick={() => setRenaming(true)}>
            Edit title
          </Button>
        ) : null}
      </div>

      {mayManage ? (
        <section className="app-panel" aria-labelledby="status-update-heading">
          <h3 id="status-update-heading">Post an update</h3>
          {resolved ? (
            <p className="app-muted">
              This incident is resolved. An update with another stage reopens it.
            </p>
          ) : null}
          <IncidentForm
            key={formKey}
            idPrefix="status-update"
            withTitle={false}
            components={components}
            initialStage={nextStage}
            initialSelection={Object.fromEntries(
              incident.components.map((component) => [component.component_id, component.state]),
            )}
            submitLabel="Post update"
            busyLabel="Posting..."
            onSubmit={async (values) => {
              const { title: _title, ...update } = values;
              store(await postIncidentUpdate(pageId, incident.id, update));
              setFormKey((key) => key + 1);
              showToast(
                values.stage === "resolved"
                  ? "The incident is resolved."
                  : "The update is on the public page.",
              );
            }}
          />
        </section>
      ) : null}

      <section aria-labelledby="status-timeline-heading">
        <h3 id="status-timeline-heading">Updates, newest first</h3>
        <IncidentTimeline updates={incident.updates} onEdit={mayManage ? setEditing : undefined} />
      </section>

      {mayManage ? (
        <DeletePanel
          headingId="status-delete-heading"
          heading="Delete this incident"
          headingLevel={3}
          lead="It leaves the page's history and feed. Component states it set stay as they are."
          buttonLabel="Delete incident"
          title={`Delete “${incident.title}”?`}
          onDelete={remove}
        >
          <p>
            The incident and its {incident.updates.length} update
            {incident.updates.length === 1 ? "" : "s"} are removed from the public page for good.
          </p>
        </DeletePanel>
      ) : null}

      <RenameIncidentDialog
        pageId={pageId}
        incident={incident}
        open={renaming}
        onCancel={() => setRenaming(false)}
        onDone={(next) => {
          setRenaming(false);
          store(next);
          showToast("The title is corrected.");
        }}
      />
      <EditUpdateDialog
        pageId={pageId}
        incidentId={incident.id}
        update={editing}
        onCancel={() => setEditing(undefined)}
        onDone={(next) => {
          setEditing(undefined);
          store(next);
          showToast("The message is corrected.");
        }}
      />
    </>
  );
}
