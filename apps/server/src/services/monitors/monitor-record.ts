import type { CreateMonitorInput, HealthStatus } from "@upwatch/core";
import type { MonitorTable } from "@upwatch/db";

/** A stored monitor: its settings in the API's shape plus what the engine knows of it. */
export type Monitor = CreateMonitorInput & {
  id: string;
  account_id: string;
  state: HealthStatus;
  consecutive_failures: number;
  consecutive_successes: number;
  last_checked_at: number | null;
  created_at: number;
  updated_at: number;
};

/** Reads a monitor row; options were validated before they were stored. */
export function monitorFromRow(row: MonitorTable): Monitor {
  return {
    id: row.id,
    account_id: row.account_id,
    type: row.type,
    name: row.name,
    target: row.target,
    interval_seconds: row.interval_seconds,
    timeout_seconds: row.timeout_seconds,
    region: row.region,
    failure_threshold: row.failure_threshold,
    paused: row.paused === 1,
    group: row.group_name,
    options: JSON.parse(row.options),
    state: row.state as HealthStatus,
    consecutive_failures: row.consecutive_failures,
    consecutive_successes: row.consecutive_successes,
    last_checked_at: row.last_checked_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  } as Monitor;
}

/** The columns that hold a monitor's settings. */
export function settingsColumns(input: CreateMonitorInput) {
  return {
    name: input.name,
    type: input.type,
    target: input.target,
    interval_seconds: input.interval_seconds,
    timeout_seconds: input.timeout_seconds,
    region: input.region,
    failure_threshold: input.failure_threshold,
    paused: input.paused ? 1 : 0,
    group_name: input.group,
    options: JSON.stringify(input.options),
  };
}

/** Only the settings of a monitor, as an update starts from them. */
export function settingsOf(monitor: Monitor): Record<string, unknown> {
  return {
    type: monitor.type,
    name: monitor.name,
    target: monitor.target,
    interval_seconds: monitor.interval_seconds,
    timeout_seconds: monitor.timeout_seconds,
    region: monitor.region,
    failure_threshold: monitor.failure_threshold,
    paused: monitor.paused,
    group: monitor.group,
    options: monitor.options,
  };
}
