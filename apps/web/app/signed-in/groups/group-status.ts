import type { Group } from "@upwatch/api";
import type { GroupStatus } from "@upwatch/core";

export type { GroupStatus };
export type GroupCounts = Group["counts"];

const LABELS: Record<GroupStatus, string> = {
  up: "Up",
  partial_outage: "Partial outage",
  down: "Down",
  no_data: "No data",
};

/** The group's status as a person reads it. */
export function groupStatusLabel(status: GroupStatus): string {
  return LABELS[status];
}

/**
 * "4 up, 1 down, 1 paused": the members by state, leaving out the states no member is in;
 * members never checked yet are "pending", as on the monitor list.
 */
export function groupCountsText(counts: GroupCounts): string {
  const parts = [
    counts.up ? `${counts.up} up` : "",
    counts.down ? `${counts.down} down` : "",
    counts.paused ? `${counts.paused} paused` : "",
    counts.unknown ? `${counts.unknown} pending` : "",
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "No monitors";
}

const SEVERITY: Record<GroupStatus, number> = { down: 0, partial_outage: 1, no_data: 2, up: 3 };

/** Groups in trouble first (down, then partial outage), then by name. */
export function sortGroupsBySeverity(groups: readonly Group[]): Group[] {
  return [...groups].sort(
    (a, b) => SEVERITY[a.status] - SEVERITY[b.status] || a.name.localeCompare(b.name),
  );
}

/** The groups' names in the order given, for a monitor's groups. */
export function groupNamesOf(ids: readonly string[], groups: readonly Group[]): string[] {
  const byId = new Map(groups.map((group) => [group.id, group.name]));
  return ids.flatMap((id) => {
    const name = byId.get(id);
    return name ? [name] : [];
  });
}
