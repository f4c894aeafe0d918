import type { AlertsChanged } from "../alerting/index.ts";
import type { Monitor } from "../records/monitor-record.ts";

/**
 * What services ask of the engine, declared beside it so services call it without the engine
 * importing them.
 */

/** What became of a check asked for by hand. */
export type ImmediateCheck =
  | { outcome: "checked"; checkedAt: number }
  | { outcome: "too-soon" }
  | { outcome: "not-run" };

/** The engine's side of "check now": runs the check as a scheduled one and stores it. */
export interface ImmediateChecks {
  /** Checks now (or joins the running check) unless it was checked within `gapMs`. */
  checkNow(monitor: Monitor, gapMs: number): Promise<ImmediateCheck>;
}

/** Told about every change to a monitor once it is stored, so the scheduler follows without polling. */
export interface MonitorChanges {
  saved(monitor: Monitor): void;
  removed(monitorId: string, accountId: string): void;
  /** Alerts a change resolved (a new type or target ends the outage). */
  alertsChanged?: AlertsChanged | undefined;
}
