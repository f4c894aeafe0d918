import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type {
  AlertPage,
  AlertView,
  CheckPage,
  CheckView,
  HeartbeatPingsView,
  ListOf,
  MonitorDetailView,
  MonitorOverview,
  MonitorStatus,
  MonitorView,
} from "@upwatch/api";
import { forgetGroup, storeGroup } from "../groups/store-group.ts";
import type { LiveEvent } from "../live-events.ts";

type CheckEvent = Extract<LiveEvent, { type: "check" }>;

import { applyLiveCheck } from "../monitors/live-overview.ts";
import { addCheck, monitorAfterCheck, placeAlert, upsertById } from "./cached-lists.ts";
import { type AlertFilter, queryKeys } from "./queries.ts";

/** Brings the cache up to date with one event of the live stream. */
export function applyLiveEvent(client: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case "resync":
      // Events may have been missed while the stream was down: read everything shown again.
      void client.invalidateQueries();
      return;
    case "check":
      recordLiveCheck(client, event);
      return;
    case "alert":
      storeAlert(client, event.alert);
      return;
    case "monitor":
      storeMonitor(client, event.monitor);
      return;
    case "monitor-deleted":
      forgetMonitor(client, event.monitor_id);
      return;
    case "group":
      storeGroup(client, event.group);
      return;
    case "group-deleted":
      forgetGroup(client, event.group_id);
      return;
    case "heartbeat":
      storeHeartbeatPings(client, event.monitor_id, event.heartbeat);
      return;
  }
}

/** A heartbeat's last pings, on the list and its page; the ping URL stays as it was. */
function storeHeartbeatPings(
  client: QueryClient,
  monitorId: string,
  pings: HeartbeatPingsView,
): void {
  const withPings = <M extends MonitorView>(monitor: M): M =>
    monitor.id === monitorId && monitor.heartbeat
      ? { ...monitor, heartbeat: { ...monitor.heartbeat, ...pings } }
      : monitor;
  client.setQueryData<ListOf<MonitorView>>(queryKeys.monitors, (list) =>
    list ? { ...list, data: list.data.map(withPings) } : list,
  );
  client.setQueryData<MonitorDetailView>(queryKeys.monitorDetails(monitorId), (monitor) =>
    monitor ? withPings(monitor) : monitor,
  );
}

function recordLiveCheck(
  client: QueryClient,
  {
    monitor_id: monitorId,
    check,
    monitor_status: status,
    consecutive_failures: failures,
  }: CheckEvent,
): void {
  // A group's status follows its members' states, so the groups are read again when one moves.
  if (stateMoved(client, monitorId, status)) {
    void client.invalidateQueries({ queryKey: queryKeys.groups });
  }
  client.setQueriesData<ListOf<MonitorOverview>>({ queryKey: queryKeys.overview }, (list) =>
    list
      ? {
          data: list.data.map((item) =>
            item.monitor_id === monitorId ? applyLiveCheck(item, check, status) : item,
          ),
        }
      : list,
  );
  client.setQueryData<ListOf<MonitorView>>(queryKeys.monitors, (list) =>
    list
      ? {
          ...list,
          data: list.data.map((item) =>
            item.id === monitorId ? monitorAfterCheck(item, check, status, failures) : item,
          ),
        }
      : list,
  );
  client.setQueryData<MonitorDetailView>(queryKeys.monitorDetails(monitorId), (monitor) =>
    monitor ? monitorAfterCheck(monitor, check, status, failures) : monitor,
  );
  client.setQueryData<InfiniteData<CheckPage>>(queryKeys.checks(monitorId), (list) =>
    list ? addCheck(list, check) : list,
  );
  void client.invalidateQueries({ queryKey: [...queryKeys.monitor(monitorId), "stats"] });
  void client.invalidateQueries({ queryKey: [...queryKeys.monitor(monitorId), "region-latency"] });
  void client.invalidateQueries({ queryKey: queryKeys.incidents(monitorId) });
}

/** Whether a check's status differs from the one the cache knew; true when it knew none. */
function stateMoved(client: QueryClient, monitorId: string, status: MonitorStatus): boolean {
  const overview = client
    .getQueriesData<ListOf<MonitorOverview>>({ queryKey: queryKeys.overview })
    .flatMap(([, list]) => list?.data ?? [])
    .find((item) => item.monitor_id === monitorId);
  if (overview) return overview.status !== status;
  const monitor = client
    .getQueryData<ListOf<MonitorView>>(queryKeys.monitors)
    ?.data.find((item) => item.id === monitorId);
  if (!monitor) return true;
  const known: MonitorStatus = monitor.paused
    ? "paused"
    : monitor.state === "unknown"
      ? "pending"
      : monitor.state;
  return known !== status;
}

/** After Check now: the check joins the list, and the monitor's page reads what it changed. */
export function recordCheckNow(client: QueryClient, monitorId: string, check: CheckView): void {
  client.setQueryData<InfiniteData<CheckPage>>(queryKeys.checks(monitorId), (list) =>
    list ? addCheck(list, check) : list,
  );
  void client.invalidateQueries({ queryKey: queryKeys.monitorDetails(monitorId) });
  void client.invalidateQueries({ queryKey: [...queryKeys.monitor(monitorId), "stats"] });
  void client.invalidateQueries({ queryKey: [...queryKeys.monitor(monitorId), "region-latency"] });
  void client.invalidateQueries({ queryKey: queryKeys.incidents(monitorId) });
  void client.invalidateQueries({
    queryKey: queryKeys.alerts,
    predicate: (query) => (query.queryKey[1] as AlertFilter).monitorId === monitorId,
  });
}

/** An alert that opened or changed, placed in every list of alerts the cache holds. */
export function storeAlert(client: QueryClient, alert: AlertView): void {
  for (const query of client.getQueryCache().findAll({ queryKey: queryKeys.alerts })) {
    const filter = query.queryKey[1] as AlertFilter;
    client.setQueryData<InfiniteData<AlertPage>>(query.queryKey, (list) =>
      list ? placeAlert(list, alert, filter) : list,
    );
  }
}

/** A monitor that was added or changed (here, elsewhere, or paused and resumed). */
export function storeMonitor(client: QueryClient, monitor: MonitorView): void {
  const list = client.getQueryData<ListOf<MonitorView>>(queryKeys.monitors);
  if (list) client.setQueryData(queryKeys.monitors, upsertById(list, monitor));
  // The page's copy also holds the channels reached through groups, which only its read has.
  client.setQueryData<MonitorDetailView>(queryKeys.monitorDetails(monitor.id), (page) =>
    page ? { ...page, ...monitor } : page,
  );
  void client.invalidateQueries({ queryKey: queryKeys.monitorDetails(monitor.id) });
  void client.invalidateQueries({ queryKey: queryKeys.overview });
  // Pausing, resuming or choosing other groups changes the groups' counts and members.
  void client.invalidateQueries({ queryKey: queryKeys.groups });
  // The plan panel counts monitors and active ones: a new, paused or resumed monitor moves them.
  void client.invalidateQueries({ queryKey: queryKeys.account });
}

/** A monitor that is gone leaves the lists and the cache; the plan's usage is read again. */
export function forgetMonitor(client: QueryClient, monitorId: string): void {
  client.setQueryData<ListOf<MonitorView>>(queryKeys.monitors, (list) =>
    list ? { ...list, data: list.data.filter((item) => item.id !== monitorId) } : list,
  );
  client.setQueriesData<ListOf<MonitorOverview>>({ queryKey: queryKeys.overview }, (list) =>
    list ? { ...list, data: list.data.filter((item) => item.monitor_id !== monitorId) } : list,
  );
  client.removeQueries({ queryKey: queryKeys.monitor(monitorId), type: "inactive" });
  void client.invalidateQueries({ queryKey: queryKeys.groups });
  void client.invalidateQueries({ queryKey: queryKeys.account });
}
