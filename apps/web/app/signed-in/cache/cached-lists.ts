import type { InfiniteData } from "@tanstack/react-query";
import type {
  AlertPage,
  AlertView,
  CheckPage,
  CheckView,
  ListOf,
  MonitorStatus,
  MonitorView,
} from "@upwatch/api";
import type { AlertFilter } from "./queries.ts";

/** Whether an alert is one a list with this filter shows. */
export function alertBelongs(alert: AlertView, filter: AlertFilter): boolean {
  return (
    (!filter.state || alert.state === filter.state) &&
    (!filter.severity || alert.severity === filter.severity) &&
    (!filter.monitorId || alert.monitor_id === filter.monitorId)
  );
}

/**
 * A list of alerts after one changed or opened: replaced where it was, on top when new,
 * and gone when it no longer fits the list (acknowledged, on the Active tab).
 */
export function placeAlert(
  list: InfiniteData<AlertPage>,
  alert: AlertView,
  filter: AlertFilter,
): InfiniteData<AlertPage> {
  const known = list.pages.some((page) => page.data.some((item) => item.id === alert.id));
  const belongs = alertBelongs(alert, filter);
  if (!known && !belongs) return list;
  const pages = list.pages.map((page) => ({
    ...page,
    data: belongs
      ? page.data.map((item) => (item.id === alert.id ? alert : item))
      : page.data.filter((item) => item.id !== alert.id),
  }));
  const [first, ...rest] = pages;
  if (!belongs || known || !first) return { ...list, pages };
  return { ...list, pages: [{ ...first, data: [alert, ...first.data] }, ...rest] };
}

/** A monitor's checks with one more (live, or from Check now), once and in time order. */
export function addCheck(list: InfiniteData<CheckPage>, check: CheckView): InfiniteData<CheckPage> {
  const [first, ...rest] = list.pages;
  if (!first || list.pages.some((page) => page.data.some((item) => item.id === check.id))) {
    return list;
  }
  const data = [check, ...first.data].sort((a, b) => b.checked_at.localeCompare(a.checked_at));
  return { ...list, pages: [{ ...first, data }, ...rest] };
}

/** A monitor as its page shows it after a live check: when it was checked, its state and its failures in a row. */
export function monitorAfterCheck<M extends MonitorView>(
  monitor: M,
  check: CheckView,
  status: MonitorStatus,
  consecutiveFailures: number,
): M {
  return {
    ...monitor,
    last_checked_at: check.checked_at,
    state: status === "up" || status === "down" ? status : monitor.state,
    consecutive_failures: consecutiveFailures,
  };
}

/** A list with the item replaced where it was, or added at the end when it is new. */
export function upsertById<T extends { id: string }>(list: ListOf<T>, item: T): ListOf<T> {
  return list.data.some((entry) => entry.id === item.id)
    ? { ...list, data: list.data.map((entry) => (entry.id === item.id ? item : entry)) }
    : { ...list, data: [...list.data, item] };
}
