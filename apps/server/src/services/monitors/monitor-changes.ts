import type { AlertsChanged } from "../../alerting/index.ts";
import type { Monitor } from "../../records/monitor-record.ts";

/** Told about every change to a monitor once it is stored, so the scheduler follows without polling. */
export interface MonitorChanges {
  saved(monitor: Monitor): void;
  removed(monitorId: string, accountId: string): void;
  /** Alerts a change resolved (a new type or target ends the outage). */
  alertsChanged?: AlertsChanged | undefined;
}

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
