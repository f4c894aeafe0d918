import type { MonitorView } from "@upwatch/api";
import {
  type CheckType,
  DEFAULT_REGION,
  type DnsRecordType,
  type HeaderEntry,
  type HttpMethod,
  headerValue,
  MONITOR_LIMITS,
  type MultiStep,
  type Region,
  type RegionRule,
  type RunFrom,
} from "@upwatch/core";
import { type NameValueRow, newStep, type StepRow, stepRowFromStep } from "./step-values.ts";

/** One custom request header as the form edits it; a secret one is shown masked once saved. */
export interface HeaderRow {
  name: string;
  value: string;
  secret: boolean;
}

/** Everything the monitor form edits, as the controls hold it (numbers as typed text). */
export interface MonitorFormValues {
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
  method: HttpMethod;
  expected_status_codes: string;
  follow_redirects: boolean;
  verify_tls: boolean;
  body: string;
  headers: HeaderRow[];
  auth_type: "none" | "basic" | "bearer";
  auth_username: string;
  auth_password: string;
  auth_token: string;
  keyword: string;
  keyword_mode: "present" | "absent";
  case_sensitive: boolean;
  record_type: DnsRecordType;
  expected_value: string;
  resolver: string;
  min_days_remaining: string;
  channel_ids: string[];
  /** A multi-step check's variables, in the order they were added. */
  variables: NameValueRow[];
  /** A multi-step check's steps, in run order. */
  steps: StepRow[];
  /** A heartbeat's expected period, as an amount of `heartbeat_period_unit`. */
  heartbeat_period: string;
  heartbeat_period_unit: DurationUnit;
  /** A heartbeat's grace time, as an amount of `heartbeat_grace_unit`. */
  heartbeat_grace: string;
  heartbeat_grace_unit: DurationUnit;
}

/** The units a heartbeat's period and grace are typed in, in seconds. */
export const DURATION_UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
export type DurationUnit = keyof typeof DURATION_UNITS;

/** Seconds as an amount of the largest unit that divides them. */
export function durationFields(seconds: number): { amount: string; unit: DurationUnit } {
  for (const unit of ["days", "hours", "minutes"] as const) {
    if (seconds > 0 && seconds % DURATION_UNITS[unit] === 0) {
      return { amount: String(seconds / DURATION_UNITS[unit]), unit };
    }
  }
  return { amount: String(Math.round(seconds / 60)), unit: "minutes" };
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
    method: "GET",
    expected_status_codes: "",
    follow_redirects: true,
    verify_tls: true,
    body: "",
    headers: [],
    auth_type: "none",
    auth_username: "",
    auth_password: "",
    auth_token: "",
    keyword: "",
    keyword_mode: "present",
    case_sensitive: true,
    record_type: "A",
    expected_value: "",
    resolver: "",
    min_days_remaining: "7",
    channel_ids: [],
    variables: [],
    steps: [newStep("http_request", 1)],
    heartbeat_period: "1",
    heartbeat_period_unit: "days",
    heartbeat_grace: "5",
    heartbeat_grace_unit: "minutes",
  };
}

/** A multi-step monitor's saved steps in run order, as editor rows. */
function stepRows(options: Record<string, unknown>): StepRow[] {
  const steps = Array.isArray(options.steps) ? (options.steps as MultiStep[]) : [];
  return [...steps].sort((a, b) => a.order_index - b.order_index).map(stepRowFromStep);
}

/** The form's values for an existing monitor; secrets stay masked and are kept when sent back. */
export function formValuesFromMonitor(
  monitor: MonitorView,
  channelIds: string[],
): MonitorFormValues {
  const base = defaultFormValues(0);
  const o = monitor.options;
  const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);
  const auth = (o.auth ?? null) as Record<string, string> | null;
  return {
    ...base,
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
    method: (o.method as HttpMethod | undefined) ?? base.method,
    expected_status_codes: Array.isArray(o.expected_status_codes)
      ? o.expected_status_codes.join(", ")
      : "",
    follow_redirects: o.follow_redirects !== false,
    verify_tls: o.verify_tls !== false,
    body: text(o.body, ""),
    headers: Object.entries((o.headers ?? {}) as Record<string, HeaderEntry>).map(
      ([name, entry]) => ({
        name,
        value: headerValue(entry),
        secret: typeof entry !== "string" && entry.secret === true,
      }),
    ),
    auth_type: auth?.type === "basic" || auth?.type === "bearer" ? auth.type : "none",
    auth_username: text(auth?.username, ""),
    auth_password: text(auth?.password, ""),
    auth_token: text(auth?.token, ""),
    keyword: text(o.keyword, ""),
    keyword_mode: o.keyword_mode === "absent" ? "absent" : "present",
    case_sensitive: o.case_sensitive !== false,
    record_type: (o.record_type as DnsRecordType | undefined) ?? base.record_type,
    expected_value: text(o.expected_value, ""),
    resolver: text(o.resolver, ""),
    min_days_remaining:
      typeof o.min_days_remaining === "number" ? String(o.min_days_remaining) : "7",
    channel_ids: channelIds,
    ...(monitor.type === "heartbeat" ? heartbeatValues(o) : {}),
    ...(monitor.type === "multi_step"
      ? {
          variables: Object.entries((o.variables ?? {}) as Record<string, string>).map(
            ([name, value]) => ({ name, value }),
          ),
          steps: stepRows(o),
        }
      : {}),
  };
}

function heartbeatValues(options: Record<string, unknown>): Partial<MonitorFormValues> {
  const period = durationFields(Number(options.period_seconds ?? 86_400));
  const grace = durationFields(Number(options.grace_seconds ?? 0));
  return {
    heartbeat_period: period.amount,
    heartbeat_period_unit: period.unit,
    heartbeat_grace: grace.amount,
    heartbeat_grace_unit: grace.unit,
  };
}
