import { APP_BASE } from "../api-client.ts";

/** Where the groups screens live. */
export const GROUPS_PATH = `${APP_BASE}/monitors/groups`;
export const NEW_GROUP_PATH = `${GROUPS_PATH}/new`;
export const WALL_PATH = `${GROUPS_PATH}/wall`;

export function groupPath(id: string): string {
  return `${GROUPS_PATH}/${encodeURIComponent(id)}`;
}

/** The monitor list filtered to one group. */
export function monitorsInGroupPath(id: string): string {
  return `${APP_BASE}?${new URLSearchParams({ group: id })}`;
}
