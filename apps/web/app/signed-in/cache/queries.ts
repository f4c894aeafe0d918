import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { AlertView } from "@upwatch/api";
import type { StatsRange } from "@upwatch/core";
import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";

/** Which alerts a list shows; a live alert joins or leaves each cached list by it. */
export interface AlertFilter {
  state?: AlertView["state"];
  severity?: AlertView["severity"];
  monitorId?: string;
  limit: number;
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

const CHECKS_PAGE = 50;
const DELIVERIES_PAGE = 20;

export const accountQuery = () =>
  queryOptions({ queryKey: queryKeys.account, queryFn: () => call(OP.getAccount) });

export const monitorsQuery = () =>
  queryOptions({ queryKey: queryKeys.monitors, queryFn: () => call(OP.listMonitors) });

/** The list screen's last day per monitor; with groups, only their monitors' (any of them). */
export const overviewQuery = (groupIds: readonly string[] = []) =>
  queryOptions({
    queryKey: groupIds.length ? queryKeys.overviewOf(groupIds) : queryKeys.overview,
    queryFn: () => call(OP.monitorOverview, { query: { group: [...groupIds] } }),
  });

export const monitorQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.monitorDetails(id),
    queryFn: () => call(OP.getMonitor, { params: { id } }),
  });

export const statsQuery = (id: string, range: StatsRange) =>
  queryOptions({
    queryKey: queryKeys.stats(id, range),
    queryFn: () => call(OP.monitorStats, { params: { id }, query: { range } }),
  });

export const incidentsQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.incidents(id),
    queryFn: () => call(OP.listIncidents, { params: { id }, query: { limit: 20 } }),
  });

export const monitorChannelsQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.monitorChannels(id),
    queryFn: () => call(OP.listMonitorChannels, { params: { id } }),
  });

/** A monitor's checks, newest first, 50 at a time. */
export const checksQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.checks(id),
    queryFn: ({ pageParam }) =>
      call(OP.listChecks, { params: { id }, query: { limit: CHECKS_PAGE, before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });

/** Alerts matching a filter, newest first, a page at a time. */
export const alertsQuery = (filter: AlertFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.alertList(filter),
    queryFn: ({ pageParam }) => call(OP.listAlerts, { query: alertsQueryOf(filter, pageParam) }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });

export const dependenciesQuery = () =>
  queryOptions({
    queryKey: queryKeys.dependencies,
    queryFn: () => call(OP.listDependencies),
  });

export const channelsQuery = () =>
  queryOptions({ queryKey: queryKeys.channels, queryFn: () => call(OP.listChannels) });

export const channelQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.channel(id),
    queryFn: () => call(OP.getChannel, { params: { id } }),
  });

/** One page of a channel's delivery log, the newest when `before` is undefined. */
export const deliveriesQuery = (channelId: string, before: number | undefined) =>
  queryOptions({
    queryKey: queryKeys.deliveryPage(channelId, before),
    queryFn: () =>
      call(OP.listNotifications, {
        query: { channel_id: channelId, limit: DELIVERIES_PAGE, before },
      }),
  });

export const groupsQuery = () =>
  queryOptions({ queryKey: queryKeys.groups, queryFn: () => call(OP.listGroups) });

export const groupQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.group(id),
    queryFn: () => call(OP.getGroup, { params: { id } }),
  });

export const apiKeysQuery = () =>
  queryOptions({ queryKey: queryKeys.apiKeys, queryFn: () => call(OP.listApiKeys) });

/** How often the regions are asked again while shown: runners come and go without an event. */
const REGIONS_REFRESH_MS = 15_000;

export const regionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.regions,
    queryFn: () => call(OP.listRegions),
    refetchInterval: REGIONS_REFRESH_MS,
  });

/** A monitor's response time and uptime per region over a period, from the region rollups. */
export const regionLatencyQuery = (id: string, range: StatsRange) =>
  queryOptions({
    queryKey: queryKeys.regionLatency(id, range),
    queryFn: () => call(OP.monitorRegionLatency, { params: { id }, query: { period: range } }),
  });

/** The alerts API's query for a filter and a page (older than `before`). */
function alertsQueryOf(filter: AlertFilter, before: number | undefined) {
  return {
    monitor_id: filter.monitorId,
    state: filter.state,
    severity: filter.severity,
    limit: filter.limit,
    before,
  };
}
