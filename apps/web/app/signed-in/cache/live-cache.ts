import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type {
  AlertPage,
  AlertView,
  CheckPage,
  CheckView,
  ListOf,
  MonitorOverview,
  MonitorStatus,
  MonitorView,
} from "@upwatch/api";
import type { LiveEvent } from "../live-events.ts";
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
      recordLiveCheck(client, event.monitor_id, event.check, event.monitor_status);
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
  }
}

function recordLiveCheck(
  client: QueryClient,
  monitorId: string,
  check: CheckView,
  status: MonitorStatus,
): void {
  client.setQueryData<ListOf<MonitorOverview>>(queryKeys.overview, (list) =>
    list
      ? {
          data: list.data.map((item) =>
            item.monitor_id === monitorId ? applyLiveCheck(item, check, status) : item,
          ),
        }
      : list,
  );
  client.setQueryData<MonitorView>(queryKeys.monitorDetails(monitorId), (monitor) =>
    monitor ? monitorAfterCheck(monitor, check, status) : monitor,
  );
  client.setQueryData<InfiniteData<CheckPage>>(queryKeys.checks(monitorId), (list) =>
    list ? addCheck(list, check) : list,
  );
  void client.invalidateQueries({ queryKey: [...queryKeys.monitor(monitorId), "stats"] });
  void client.invalidateQueries({ queryKey: queryKeys.incidents(monitorId) });
}

/** After Check now: the check joins the list, and the monitor's page reads what it changed. */
export function recordCheckNow(client: QueryClient, monitorId: string, check: CheckView): void {
  client.setQueryData<InfiniteData<CheckPage>>(queryKeys.checks(monitorId), (list) =>
    list ? addCheck(list, check) : list,
  );
  void client.invalidateQueries({ queryKey: queryKeys.monitorDetails(monitorId) });
  void client.invalidateQueries({ queryKey: [...queryKeys.monitor(monitorId), "stats"] });
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
  const known = list?.data.some((item) => item.id === monitor.id) ?? false;
  if (list) client.setQueryData(queryKeys.monitors, upsertById(list, monitor));
  client.setQueryData(queryKeys.monitorDetails(monitor.id), monitor);
  void client.invalidateQueries({ queryKey: queryKeys.overview });
  if (!known) void client.invalidateQueries({ queryKey: queryKeys.account });
}

/** A monitor that is gone leaves the lists and the cache; the plan's usage is read again. */
export function forgetMonitor(client: QueryClient, monitorId: string): void {
  client.setQueryData<ListOf<MonitorView>>(queryKeys.monitors, (list) =>
    list ? { ...list, data: list.data.filter((item) => item.id !== monitorId) } : list,
  );
  client.setQueryData<ListOf<MonitorOverview>>(queryKeys.overview, (list) =>
    list ? { ...list, data: list.data.filter((item) => item.monitor_id !== monitorId) } : list,
  );
  client.removeQueries({ queryKey: queryKeys.monitor(monitorId), type: "inactive" });
  void client.invalidateQueries({ queryKey: queryKeys.account });
}
