import { formatDateTime } from "../ui/format.ts";
import type { AuditEvent } from "./audit-api.ts";
import { AuditChanges } from "./audit-changes.tsx";

/** The audit log's events, newest first: when, who, what, to what, the changes, from where. */
export function AuditTable({ events }: { events: AuditEvent[] }) {
  return (
    <div className="app-table-wrap">
      <table className="app-table app-table-stack">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Changes</th>
            <th scope="col">Address</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id}>
              <td data-label="Time">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </td>
              <td data-label="Who">{event.actor.label}</td>
              <td data-label="Action">{event.action_label}</td>
              <td data-label="Target">{event.target?.label ?? "—"}</td>
              <td data-label="Changes">
                <AuditChanges changes={event.changes} />
              </td>
              <td data-label="Address" title={event.user_agent ?? undefined}>
                {event.ip_address ?? "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
