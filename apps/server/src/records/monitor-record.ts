import {
  type CreateMonitorInput,
  DEFAULT_REGION_RULE,
  type HealthStatus,
  isRegion,
  REGION_RULES,
  type Region,
  type RegionRule,
  type RunFrom,
} from "@upwatch/core";
import type { MonitorTable } from "@upwatch/db";
import type { Selectable } from "kysely";
import { placeOf, type SecretBox } from "../secrets/secret-box.ts";

/** A monitor's settings once its regions are settled: `region` is always the first of `regions`. */
export type MonitorSettings = CreateMonitorInput extends infer M
  ? M extends CreateMonitorInput
    ? Omit<M, "region" | "regions"> & { region: Region; regions: Region[]; region_rule: RegionRule }
    : never
  : never;

/** A stored monitor: its settings in the API's shape plus what the engine knows of it. */
export type Monitor = MonitorSettings & {
  /** `agent` once an agent was chosen; stays `agent` when that agent is deleted (agent_id null). */
  run_from: RunFrom;
  id: string;
  account_id: string;
  /** The groups it belongs to; read by the services that show a monitor, empty elsewhere. */
  group_ids: string[];
  state: HealthStatus;
  consecutive_failures: number;
  consecutive_successes: number;
  last_checked_at: number | null;
  created_at: number;
  updated_at: number;
};

/** Reads a monitor row; options were validated before they were stored, then sealed. */
export function monitorFromRow(row: Selectable<MonitorTable>, secrets: SecretBox): Monitor {
  return {
    id: row.id,
    account_id: row.account_id,
    type: row.type,
    name: row.name,
    target: row.target,
    interval_seconds: row.interval_seconds,
    timeout_seconds: row.timeout_seconds,
    region: parseRegions(row.regions, row.region)[0] ?? row.region,
    regions: parseRegions(row.regions, row.region),
    region_rule: parseRegionRule(row.region_rule),
    run_from: row.run_from === "agent" ? "agent" : "regions",
    agent_id: row.agent_id,
    failure_threshold: row.failure_threshold,
    recovery_confirmations: row.recovery_confirmations,
    paused: row.paused === 1,
    group_ids: [],
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
export function settingsColumns(
  input: MonitorSettings & { run_from?: RunFrom },
  id: string,
  secrets: SecretBox,
) {
  return {
    name: input.name,
    type: input.type,
    target: input.target,
    interval_seconds: input.interval_seconds,
    timeout_seconds: input.timeout_seconds,
    region: input.regions[0] ?? input.region,
    regions: JSON.stringify(input.regions),
    region_rule: input.region_rule,
    run_from: input.run_from ?? (input.agent_id === null ? "regions" : "agent"),
    agent_id: input.agent_id,
    failure_threshold: input.failure_threshold,
    recovery_confirmations: input.recovery_confirmations,
    paused: input.paused ? 1 : 0,
    options: secrets.seal(JSON.stringify(input.options), placeOf("monitors", "options", id)),
  };
}

/** The stored regions of a monitor; a row from before regions were lists has only `region`. */
export function parseRegions(stored: string | null | undefined, region: string): Region[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? "null");
    if (Array.isArray(parsed)) {
      const regions = parsed.filter(isRegion);
      if (regions.length > 0) return regions;
    }
  } catch {
    // An unreadable list falls back to the single region the row always keeps.
  }
  return isRegion(region) ? [region] : [];
}

function parseRegionRule(stored: string | null | undefined): RegionRule {
  return REGION_RULES.find((rule) => rule === stored) ?? DEFAULT_REGION_RULE;
}

/** Only the settings of a monitor, as an update starts from them (its regions as a list). */
export function settingsOf(monitor: Monitor): Record<string, unknown> {
  return {
    type: monitor.type,
    name: monitor.name,
    target: monitor.target,
    interval_seconds: monitor.interval_seconds,
    timeout_seconds: monitor.timeout_seconds,
    regions: monitor.regions,
    region_rule: monitor.region_rule,
    agent_id: monitor.agent_id,
    failure_threshold: monitor.failure_threshold,
    recovery_confirmations: monitor.recovery_confirmations,
    paused: monitor.paused,
    group_ids: monitor.group_ids,
    options: monitor.options,
  };
}
