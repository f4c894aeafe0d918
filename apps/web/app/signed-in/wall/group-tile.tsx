import type { Group, MonitorView } from "@upwatch/api";
import { useId } from "react";
import { groupCountsText, groupStatusLabel } from "../groups/group-status.ts";

/** The monitors of a group that are down now, by name. */
export function downMembers(group: Group, monitors: readonly MonitorView[]): string[] {
  return monitors
    .filter(
      (monitor) =>
        group.monitor_ids.includes(monitor.id) && !monitor.paused && monitor.state === "down",
    )
    .map((monitor) => monitor.name)
    .sort((a, b) => a.localeCompare(b));
}

/** One group on the wall: its name, its status in large type, its counts and what is down. */
export function GroupTile({ group, down }: { group: Group; down: readonly string[] }) {
  const titleId = useId();
  return (
    <li className={`wall-tile wall-tile-${group.status}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="wall-name">
        {group.name}
      </h2>
      <p className="wall-status" data-status={group.status}>
        <span className="wall-shape" aria-hidden="true" />
        {groupStatusLabel(group.status)}
      </p>
      <p className="wall-counts">{groupCountsText(group.counts)}</p>
      {down.length > 0 ? (
        <p className="wall-down-list">
          <span className="visually-hidden">Down: </span>
          {down.join(", ")}
        </p>
      ) : null}
    </li>
  );
}
