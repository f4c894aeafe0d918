import type { Group } from "@upwatch/api";
import { Link } from "react-router";
import { groupPath, monitorsInGroupPath } from "./group-paths.ts";
import { groupCountsText } from "./group-status.ts";
import { GroupStatusBadge } from "./group-status-badge.tsx";

/** The account's groups: each one's status, its members by state and its channels. */
export function GroupTable({ groups }: { groups: readonly Group[] }) {
  return (
    <div className="app-table-wrap">
      <table className="app-table app-table-stack group-table">
        <caption className="visually-hidden">Groups</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col">Monitors</th>
            <th scope="col">Alert channels</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.id} data-group-id={group.id}>
              <td data-label="Name">
                <Link to={groupPath(group.id)}>
                  <strong>{group.name}</strong>
                </Link>
                {group.description ? (
                  <span className="group-description app-muted">{group.description}</span>
                ) : null}
              </td>
              <td data-label="Status">
                <GroupStatusBadge status={group.status} />
              </td>
              <td data-label="Monitors">
                <span className="group-counts">{groupCountsText(group.counts)}</span>
                {group.monitor_ids.length > 0 ? (
                  <>
                    {" "}
                    <Link
                      to={monitorsInGroupPath(group.id)}
                      aria-label={`Show the monitors of ${group.name}`}
                      className="group-show-link"
                    >
                      Show
                    </Link>
                  </>
                ) : null}
              </td>
              <td data-label="Alert channels">
                {group.channel_ids.length === 0 ? (
                  <span className="app-muted">None</span>
                ) : group.channel_ids.length === 1 ? (
                  "1 channel"
                ) : (
                  `${group.channel_ids.length} channels`
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
