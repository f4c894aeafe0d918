import type { AlertSeverity, AlertState, CheckType, PlanId, Region } from "@upwatch/core";

/** A monitor as `GET /api/v1/monitors/{id}` answers it. */
export interface MonitorView {
  id: string;
  name: string;
  type: CheckType;
  target: string;
  interval_seconds: number;
  timeout_seconds: number;
  region: Region;
  failure_threshold: number;
  recovery_confirmations: number;
  paused: boolean;
  group: string | null;
  options: Record<string, unknown>;
  state: "unknown" | "up" | "down";
  consecutive_failures: number;
  last_checked_at: string | null;
  created_at: string;
  updated_at: string;
}

/** What the list screen shows of one monitor's last day (`GET /monitors/overview`). */
export interface MonitorOverview {
  monitor_id: string;
  status: MonitorStatus;
  last_checked_at: string | null;
  last_response_time_ms: number | null;
  uptime_24h: number | null;
  bars: UptimeBucket[];
}

/** The status a person reads: paused and pending (no conclusive check yet) included. */
export type MonitorStatus = "up" | "down" | "paused" | "pending";

/** One half-hour of checks. */
export interface UptimeBucket {
  start: string;
  up: number;
  down: number;
}

/** Per-phase milliseconds of one check; null on plans without DNS and TTFB timings. */
export interface CheckTimingsView {
  dns_ms: number | null;
  connect_ms: number | null;
  tls_ms: number | null;
  first_byte_ms: number | null;
}

/** One stored check (`GET /monitors/{id}/checks`). */
export interface CheckView {
  id: string;
  checked_at: string;
  status: "up" | "down";
  response_time_ms: number | null;
  timings: CheckTimingsView | null;
  status_code: number | null;
  error: string | null;
  region: Region;
}

export interface CheckPage {
  data: CheckView[];
  next_before: number | null;
}

export type StatsRange = "24h" | "7d" | "30d";

/** `GET /monitors/{id}/stats?range=`. */
export interface StatsView {
  range: StatsRange;
  checks: number;
  up_checks: number;
  uptime_percent: number | null;
  response_time: { average_ms: number | null; p95_ms: number | null };
  phases: CheckTimingsView | null;
}

export interface IncidentView {
  id: string;
  monitor_id: string;
  started_at: string;
  ended_at: string | null;
  cause: string;
  status_code: number | null;
}

/** An alert as `GET /alerts/{id}` answers it. */
export interface AlertView {
  id: string;
  monitor_id: string;
  incident_id: string | null;
  kind: string;
  severity: AlertSeverity;
  state: AlertState;
  message: string;
  opened_at: string;
  acknowledged_at: string | null;
  resolved_at: string | null;
  resolution: string | null;
  notifications_sent: number;
  next_notification_at: string | null;
  suppressed: boolean;
  suppressed_by: string[];
}

export interface AlertPage {
  data: AlertView[];
  next_before: number | null;
}

export interface DependencyView {
  id: string;
  child_monitor_id: string;
  parent_monitor_id: string;
  created_at: string;
}

export interface ChannelSummary {
  id: string;
  type: "email" | "sms" | "slack" | "webhook";
  name: string;
  attach_to_new_monitors: boolean;
  monitor_ids: string[];
}

/** `GET /api/v1/account`: the plan and how many monitors the account has. */
export interface AccountOverview {
  id: string;
  name: string;
  plan: PlanId;
  monitors: number;
}

export interface ListOf<T> {
  data: T[];
}
