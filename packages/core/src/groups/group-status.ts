/** A group's overall state, read from its active members. */
export const GROUP_STATUSES = ["up", "partial_outage", "down", "no_data"] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

export interface GroupMemberState {
  paused: boolean;
  state: "unknown" | "up" | "down";
}

export interface GroupCounts {
  up: number;
  down: number;
  paused: number;
  unknown: number;
}

/**
 * Paused members are counted but never colour the group, so planned work does not turn it red;
 * members never checked yet count as unknown and neither colour it.
 */
export function groupCounts(members: readonly GroupMemberState[]): GroupCounts {
  const counts: GroupCounts = { up: 0, down: 0, paused: 0, unknown: 0 };
  for (const member of members) {
    if (member.paused) counts.paused += 1;
    else counts[member.state] += 1;
  }
  return counts;
}

export function groupStatus(counts: GroupCounts): GroupStatus {
  if (counts.up > 0 && counts.down > 0) return "partial_outage";
  if (counts.down > 0) return "down";
  if (counts.up > 0) return "up";
  return "no_data";
}
