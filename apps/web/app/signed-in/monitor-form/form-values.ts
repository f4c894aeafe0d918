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
  /** The regions it is checked from, in the order they were chosen; the first is `region`. */
  regions: Region[];
  /** With several regions: how many must fail a round before it counts as failed. */
  region_rule: RegionRule;
  failure_threshold: string;
  recovery_confirmations: string;
  group: string;
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
}

/** A new monitor's starting values, at the plan's shortest interval when that is longer. */
export function defaultFormValues(minIntervalSeconds: number): MonitorFormValues {
  return {
    type: "http",
    name: "",
    target: "",
    interval_seconds: String(Math.max(MONITOR_LIMITS.defaultIntervalSeconds, minIntervalSeconds)),
    timeout_seconds: String(MONITOR_LIMITS.defaultTimeoutSeconds),
    regions: [DEFAULT_REGION],
    region_rule: "majority",
    failure_threshold: String(MONITOR_LIMITS.defaultFailureThreshold),
    recovery_confirmations: String(MONITOR_LIMITS.defaultRecoveryConfirmations),
    group: "",
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
    regions: monitor.regions.length ? [...monitor.regions] : [monitor.region],
    region_rule: monitor.region_rule,
    failure_threshold: String(monitor.failure_threshold),
    recovery_confirmations: String(monitor.recovery_confirmations),
    group: monitor.group ?? "",
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
