import type { Monitor } from "./monitor-record.ts";

/** Told about every change to a monitor, so the scheduler follows without polling. */
export interface MonitorChanges {
  saved(monitor: Monitor): void;
  removed(monitorId: string): void;
}

/** For callers with no scheduler to tell (the admin command, tests). */
export const IGNORE_MONITOR_CHANGES: MonitorChanges = { saved: () => {}, removed: () => {} };
