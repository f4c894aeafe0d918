import type { MonitorChanges } from "../../engine/engine-ports.ts";

/** For callers with no scheduler to tell (the admin command, tests). */
export const IGNORE_MONITOR_CHANGES: MonitorChanges = { saved: () => {}, removed: () => {} };

/** Tells each of `listeners` about every change, in order. */
export function everyMonitorChange(...listeners: MonitorChanges[]): MonitorChanges {
  return {
    saved: (monitor) => {
      for (const listener of listeners) listener.saved(monitor);
    },
    removed: (monitorId, accountId) => {
      for (const listener of listeners) listener.removed(monitorId, accountId);
    },
    alertsChanged: (alerts) => {
      for (const listener of listeners) listener.alertsChanged?.(alerts);
    },
  };
}
