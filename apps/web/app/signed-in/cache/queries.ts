import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type {
  AccountOverview,
  AlertPage,
  AlertView,
  ApiKey,
  Channel,
  CheckPage,
  Delivery,
  DependencyView,
  Group,
  IncidentView,
  ListOf,
  MonitorDetailView,
  MonitorOverview,
  MonitorView,
  RegionLatencyView,
  RegionView,
  StatsView,
} from "@upwatch/api";
import type { StatsRange } from "@upwatch/core";
import { apiRequest } from "../api-client.ts";

/** Which alerts a list shows; a live alert joins or leaves each cached list by it. */
export interface AlertFilter {
  state?: AlertView["state"];
  severity?: AlertView["severity"];
  monitorId?: string;
  limit: number;
}

export interface DeliveryPage {
  data: Delivery[];
  next_before: number | null;
}

/**
 * The cache's keys. Everything about one monitor sits under `["monitor", id]`, so one
 * invalidation refreshes its page; lists have keys of their own.
 */
export const queryKeys = {
  account: ["account"] as const,
  monitors: ["monitors"] as const,
  overview: ["monitors-overview"] as const,
  /** The overview of the monitors in any of these groups; every overview is under `overview`. */
  overviewOf: (groupIds: readonly string[]) => ["monitors-overview", { groupIds }] as const,
  monitor: (id: string) => ["monitor", id] as const,
  monitorDetails: (id: string) => ["monitor", id, "details"] as const,
  stats: (id: string, range: StatsRange) => ["monitor", id, "stats", range] as const,
  incidents: (id: string) => ["monitor", id, "incidents"] as const,
  checks: (id: string) => ["monitor", id, "checks"] as const,
  monitorChannels: (id: string) => ["monitor", id, "channels"] as const,
  alerts: ["alerts"] as const,
  alertList: (filter: AlertFilter) => ["alerts", filter] as const,
  dependencies: ["dependencies"] as const,
  channels: ["channels"] as const,
  /** The list and each group live under `groups`, so one invalidation reads all again. */
  groups: ["groups"] as const,
  group: (id: string) => ["groups", id] as const,
  channel: (id: string) => ["channel", id] as const,
  deliveries: (channelId: string) => ["deliveries", channelId] as const,
  deliveryPage: (channelId: string, before: number | undefined) =>
    ["deliveries", channelId, before ?? "newest"] as const,
  apiKeys: ["api-keys"] as const,
  regions: ["regions"] as const,
  regionLatency: (id: string, range: StatsRange) =>
    ["monitor", id, "region-latency", range] as const,
};

function read<T>(path: string): () => Promise<T> {
  return () => apiRequest<T>("GET", path);
}

const CHECKS_PAGE = 50;
const DELIVERIES_PAGE = 20;

export const accountQuery = () =>
  queryOptions({ queryKey: queryKeys.account, queryFn: read<AccountOverview>("/account") });

export const monitorsQuery = () =>
  queryOptions({ queryKey: queryKeys.monitors, queryFn: read<ListOf<MonitorView>>("/monitors") });

/** The list screen's last day per monitor; with groups, only their monitors' (any of them). */
export const overviewQuery = (groupIds: readonly string[] = []) =>
  queryOptions({
    queryKey: groupIds.length ? queryKeys.overviewOf(groupIds) : queryKeys.overview,
    queryFn: read<ListOf<MonitorOverview>>(`/monitors/overview${groupFilterQuery(groupIds)}`),
  });

export const monitorQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.monitorDetails(id),
    queryFn: read<MonitorDetailView>(`/monitors/${id}`),
  });

export const statsQuery = (id: string, range: StatsRange) =>
  queryOptions({
    queryKey: queryKeys.stats(id, range),
    queryFn: read<StatsView>(`/monitors/${id}/stats?range=${range}`),
  });

export const incidentsQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.incidents(id),
    queryFn: read<ListOf<IncidentView>>(`/monitors/${id}/incidents?limit=20`),
  });

export const monitorChannelsQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.monitorChannels(id),
    queryFn: read<ListOf<Channel>>(`/monitors/${id}/channels`),
  });

/** A monitor's checks, newest first, 50 at a time. */
export const checksQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.checks(id),
    queryFn: ({ pageParam }) =>
      apiRequest<CheckPage>("GET", `/monitors/${id}/checks?${pageQuery(CHECKS_PAGE, pageParam)}`),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });

/** Alerts matching a filter, newest first, a page at a time. */
export const alertsQuery = (filter: AlertFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.alertList(filter),
    queryFn: ({ pageParam }) => apiRequest<AlertPage>("GET", alertsPath(filter, pageParam)),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });

export const dependenciesQuery = () =>
  queryOptions({
    queryKey: queryKeys.dependencies,
    queryFn: read<ListOf<DependencyView>>("/dependencies"),
  });

export const channelsQuery = () =>
  queryOptions({ queryKey: queryKeys.channels, queryFn: read<ListOf<Channel>>("/channels") });

export const channelQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.channel(id),
    queryFn: read<Channel>(`/channels/${encodeURIComponent(id)}`),
  });

/** One page of a channel's delivery log, the newest when `before` is undefined. */
export const deliveriesQuery = (channelId: string, before: number | undefined) =>
  queryOptions({
    queryKey: queryKeys.deliveryPage(channelId, before),
    queryFn: () => {
      const query = new URLSearchParams({ channel_id: channelId, limit: String(DELIVERIES_PAGE) });
      if (before !== undefined) query.set("before", String(before));
      return apiRequest<DeliveryPage>("GET", `/notifications?${query}`);
    },
  });

export const groupsQuery = () =>
  queryOptions({ queryKey: queryKeys.groups, queryFn: read<ListOf<Group>>("/groups") });

export const groupQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.group(id),
    queryFn: read<Group>(`/groups/${encodeURIComponent(id)}`),
  });

export const apiKeysQuery = () =>
  queryOptions({ queryKey: queryKeys.apiKeys, queryFn: read<ListOf<ApiKey>>("/api-keys") });

/** How often the regions are asked again while shown: runners come and go without an event. */
const REGIONS_REFRESH_MS = 15_000;

export const regionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.regions,
    queryFn: read<{ regions: RegionView[] }>("/regions"),
    refetchInterval: REGIONS_REFRESH_MS,
  });

/** A monitor's response time and uptime per region over a period, from the region rollups. */
export const regionLatencyQuery = (id: string, range: StatsRange) =>
  queryOptions({
    queryKey: queryKeys.regionLatency(id, range),
    queryFn: read<RegionLatencyView>(`/monitors/${id}/region-latency?period=${range}`),
  });

/** `?group=a&group=b`, or nothing without groups. */
function groupFilterQuery(groupIds: readonly string[]): string {
  if (groupIds.length === 0) return "";
  return `?${new URLSearchParams(groupIds.map((id) => ["group", id]))}`;
}

function pageQuery(limit: number, before: number | undefined): URLSearchParams {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before !== undefined) query.set("before", String(before));
  return query;
}

function alertsPath(filter: AlertFilter, before: number | undefined): string {
  const query = new URLSearchParams();
  if (filter.monitorId) query.set("monitor_id", filter.monitorId);
  if (filter.state) query.set("state", filter.state);
  if (filter.severity) query.set("severity", filter.severity);
  query.set("limit", String(filter.limit));
  if (before !== undefined) query.set("before", String(before));
  return `/alerts?${query}`;
}
