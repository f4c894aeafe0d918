import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { formatDateTime, formatRelative } from "../ui/format.ts";
import { durationWords } from "./incident-form-logic.ts";
import type { StatusIncident } from "./incidents-api.ts";
import { ComponentStates, StageBadge } from "./stage-badge.tsx";

/** Incidents as cards: title (to its page), stage, when, and the components it affects. */
export function IncidentList({
  pageId,
  incidents,
}: {
  pageId: string;
  incidents: readonly StatusIncident[];
}) {
  return (
    <ul className="status-incident-list">
      {incidents.map((incident) => (
        <li key={incident.id} className="status-incident-card" data-incident-id={incident.id}>
          <div className="status-incident-card-head">
            <StageBadge stage={incident.stage} />
            <Link to={`${APP_BASE}/status-pages/${pageId}/incidents/${incident.id}`}>
              {incident.title}
            </Link>
          </div>
          <p className="app-muted">
            Started{" "}
            <time dateTime={incident.started_at} title={formatDateTime(incident.started_at)}>
              {formatRelative(incident.started_at)}
            </time>
            {incident.resolved_at
              ? `; resolved after ${durationWords(incident.started_at, incident.resolved_at)}`
              : ""}
            {`; ${incident.updates.length} update${incident.updates.length === 1 ? "" : "s"}`}
          </p>
          <ComponentStates components={incident.components} />
        </li>
      ))}
    </ul>
  );
}
