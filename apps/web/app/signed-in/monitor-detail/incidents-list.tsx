import type { IncidentView } from "@upwatch/api";
import { formatDateTime, formatDuration } from "../monitors/format.ts";

/** The monitor's outages, newest first. */
export function IncidentsList({ incidents }: { incidents: readonly IncidentView[] }) {
  if (incidents.length === 0) {
    return <p className="app-muted">No outages recorded. Long may it last.</p>;
  }
  return (
    <ul className="incident-list">
      {incidents.map((incident) => (
        <li key={incident.id} className={incident.ended_at ? "incident" : "incident ongoing"}>
          <p className="incident-when">
            <strong>{incident.ended_at ? "Resolved outage" : "Ongoing outage"}</strong>{" "}
            <time dateTime={incident.started_at}>{formatDateTime(incident.started_at)}</time>
            {", "}
            {incident.ended_at ? "lasted " : "for "}
            {formatDuration(incident.started_at, incident.ended_at)}
          </p>
          <p className="incident-cause">
            {incident.status_code ? `HTTP ${incident.status_code}: ` : ""}
            {incident.cause}
          </p>
        </li>
      ))}
    </ul>
  );
}
