import type { CreateMonitorInput, HealthStatus } from "@upwatch/core";
import type { MonitorTable } from "@upwatch/db";
import { placeOf } from "../secrets/reseal-stored-secrets.ts";
import type { SecretBox } from "../secrets/secret-box.ts";

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

/** Reads a monitor row; options were validated before they were stored, then sealed. */
export function monitorFromRow(row: MonitorTable, secrets: SecretBox): Monitor {
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
    recovery_confirmations: row.recovery_confirmations,
    paused: row.paused === 1,
    group: row.group_name,
    options: JSON.parse(secrets.open(row.options, placeOf("monitors", "options", row.id))),
    state: row.state as HealthStatus,
    consecutive_failures: row.consecutive_failures,
    consecutive_successes: row.consecutive_successes,
    last_checked_at: row.last_checked_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  } as Monitor;
}

/**
 * The columns that hold a monitor's settings. The options are sealed whole: they may carry
 * passwords, tokens and request headers, and sealing all of them needs no list of which.
 */
export function settingsColumns(input: CreateMonitorInput, id: string, secrets: SecretBox) {
  return {
    name: input.name,
    type: input.type,
    target: input.target,
    interval_seconds: input.interval_seconds,
    timeout_seconds: input.timeout_seconds,
    region: input.region,
    failure_threshold: input.failure_threshold,
    recovery_confirmations: input.recovery_confirmations,
    paused: input.paused ? 1 : 0,
    group_name: input.group,
    options: secrets.seal(JSON.stringify(input.options), placeOf("monitors", "options", id)),
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
    recovery_confirmations: monitor.recovery_confirmations,
    paused: monitor.paused,
    group: monitor.group,
    options: monitor.options,
  };
}
