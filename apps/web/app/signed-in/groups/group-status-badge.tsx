import { type GroupStatus, groupStatusLabel } from "./group-status.ts";

/** The monitor badge's look where a group's status matches a monitor's. */
const MONITOR_LOOK: Partial<Record<GroupStatus, string>> = { up: "status-up", down: "status-down" };

/** A group's status as a shape, a colour and a word, so it never relies on colour alone. */
export function GroupStatusBadge({ status }: { status: GroupStatus }) {
  const look = MONITOR_LOOK[status] ?? `group-status-${status}`;
  return (
    <span className={`status-badge group-status ${look}`} data-status={status}>
      <span className="status-dot" aria-hidden="true" />
      {groupStatusLabel(status)}
    </span>
  );
}
