import type { Group, MonitorOverview, MonitorStatus, MonitorView } from "@upwatch/api";
import { CHECK_TYPES, type CheckType } from "@upwatch/core";

export const MONITOR_STATUSES: readonly MonitorStatus[] = ["up", "down", "paused", "pending"];

/** The list screen's search and filters, as kept in the address's query. */
export interface MonitorFilters {
  q: string;
  status: MonitorStatus | "";
  type: CheckType | "";
  /** Group ids: a monitor in any of them is shown. */
  groups: string[];
}

/** No search and no filter: the whole list. */
export const NO_FILTERS: MonitorFilters = { q: "", status: "", type: "", groups: [] };

/** Reads the filters from the query; unknown values are ignored rather than failing. */
export function readMonitorFilters(params: URLSearchParams): MonitorFilters {
  const status = params.get("status") ?? "";
  const type = params.get("type") ?? "";
  return {
    q: params.get("q") ?? "",
    status: (MONITOR_STATUSES as readonly string[]).includes(status)
      ? (status as MonitorStatus)
      : "",
    type: (CHECK_TYPES as readonly string[]).includes(type) ? (type as CheckType) : "",
    groups: [...new Set(params.getAll("group").filter(Boolean))],
  };
}

/** The query for a set of filters, leaving out the empty ones. */
export function writeMonitorFilters(filters: MonitorFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.type) params.set("type", filters.type);
  for (const group of filters.groups) params.append("group", group);
  return params;
}

export function hasFilters(filters: MonitorFilters): boolean {
  return Boolean(filters.q.trim() || filters.status || filters.type || filters.groups.length);
}

/** A monitor's status as people read it, from the overview when there is one. */
export function statusOf(monitor: MonitorView, overview?: MonitorOverview): MonitorStatus {
  if (monitor.paused) return "paused";
  if (overview) return overview.status;
  if (monitor.state === "unknown") return "pending";
  return monitor.state;
}

/** The monitors matching every filter; the search looks at the name and the target. */
export function filterMonitors(
  monitors: readonly MonitorView[],
  overviews: ReadonlyMap<string, MonitorOverview>,
  filters: MonitorFilters,
): MonitorView[] {
  const words = filters.q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return monitors.filter((monitor) => {
    if (filters.type && monitor.type !== filters.type) return false;
    if (!inAnyGroup(monitor, filters.groups)) return false;
    if (filters.status && statusOf(monitor, overviews.get(monitor.id)) !== filters.status) {
      return false;
    }
    const haystack = `${monitor.name} ${monitor.target}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** Whether the monitor is in any of the groups; true when none is chosen. */
export function inAnyGroup(monitor: MonitorView, groupIds: readonly string[]): boolean {
  return groupIds.length === 0 || monitor.group_ids.some((id) => groupIds.includes(id));
}

/**
 * The chosen groups as ids. An address may name a group instead (bookmarked before groups had
 * ids): a name stands for the group of that name. A value matching no group is kept, so the
 * list shows that nothing matches rather than everything.
 */
export function resolveGroupFilter(chosen: readonly string[], groups: readonly Group[]): string[] {
  const ids = chosen.map((value) => {
    const group =
      groups.find((item) => item.id === value) ??
      groups.find((item) => item.name.toLowerCase() === value.toLowerCase());
    return group ? group.id : value;
  });
  return [...new Set(ids)];
}

/** Down first, then pending, up and paused; by name within each. */
export function sortMonitors(
  monitors: readonly MonitorView[],
  overviews: ReadonlyMap<string, MonitorOverview>,
): MonitorView[] {
  const rank: Record<MonitorStatus, number> = { down: 0, pending: 1, up: 2, paused: 3 };
  return [...monitors].sort(
    (a, b) =>
      rank[statusOf(a, overviews.get(a.id))] - rank[statusOf(b, overviews.get(b.id))] ||
      a.name.localeCompare(b.name),
  );
}
