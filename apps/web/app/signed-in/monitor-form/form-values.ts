import type { MonitorView } from "@upwatch/api";
import {
  type AlertSeverity,
  type CheckType,
  DEFAULT_REGION,
  MONITOR_LIMITS,
  type Region,
  type RegionRule,
  type RunFrom,
} from "@upwatch/core";
import { CHECK_TYPE_FORMS, type CheckTypeFormValues, checkTypeDefaults } from "./types/index.ts";

/** Everything the monitor form edits, as the controls hold it (numbers as typed text). */
export interface MonitorFormValues extends CheckTypeFormValues {
  type: CheckType;
  name: string;
  target: string;
  interval_seconds: string;
  timeout_seconds: string;
  /** Whether Upwatch's regions check it, or one of the account's agents. */
  run_from: RunFrom;
  /** The agent it runs from; "" until one is chosen. */
  agent_id: string;
  /** The regions it is checked from, in the order they were chosen; the first is `region`. */
  regions: Region[];
  /** With several regions: how many must fail a round before it counts as failed. */
  region_rule: RegionRule;
  failure_threshold: string;
  recovery_confirmations: string;
  /** The groups it is in, by id. */
  group_ids: string[];
  channel_ids: string[];
  /** The severities each picked channel receives from this monitor; every one when absent. */
  channel_severities: Record<string, AlertSeverity[]>;
}

/** A new monitor's starting values, at the plan's shortest interval when that is longer. */
export function defaultFormValues(minIntervalSeconds: number): MonitorFormValues {
  return {
    type: "http",
    name: "",
    target: "",
    interval_seconds: String(Math.max(MONITOR_LIMITS.defaultIntervalSeconds, minIntervalSeconds)),
    timeout_seconds: String(MONITOR_LIMITS.defaultTimeoutSeconds),
    run_from: "regions",
    agent_id: "",
    regions: [DEFAULT_REGION],
    region_rule: "majority",
    failure_threshold: String(MONITOR_LIMITS.defaultFailureThreshold),
    recovery_confirmations: String(MONITOR_LIMITS.defaultRecoveryConfirmations),
    group_ids: [],
    channel_ids: [],
    channel_severities: {},
    ...checkTypeDefaults(),
  };
}

/** The form's values for an existing monitor; secrets stay masked and are kept when sent back. */
export function formValuesFromMonitor(
  monitor: MonitorView,
  channels: readonly { id: string; severities: AlertSeverity[] }[],
): MonitorFormValues {
  return {
    ...defaultFormValues(0),
    type: monitor.type,
    name: monitor.name,
    target: monitor.target,
    interval_seconds: String(monitor.interval_seconds),
    timeout_seconds: String(monitor.timeout_seconds),
    run_from: monitor.run_from,
    agent_id: monitor.agent_id ?? "",
    regions: monitor.regions.length ? [...monitor.regions] : [monitor.region],
    region_rule: monitor.region_rule,
    failure_threshold: String(monitor.failure_threshold),
    recovery_confirmations: String(monitor.recovery_confirmations),
    group_ids: [...monitor.group_ids],
    channel_ids: channels.map((channel) => channel.id),
    channel_severities: Object.fromEntries(
      channels.map((channel) => [channel.id, channel.severities]),
    ),
    ...CHECK_TYPE_FORMS[monitor.type].fromOptions(monitor.options),
  };
}
