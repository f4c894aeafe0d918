/** How serious an alert is; a monitor going down is always critical. */
export const ALERT_SEVERITIES = ["critical", "warning", "info"] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** What an alert is about. */
export const ALERT_KINDS = [
  "monitor-down",
  "ssl-expiry",
  "monitor-no-agent",
  "agent-offline",
  "agent-cpu",
  "agent-memory",
  "agent-disk",
  "agent-load",
  "agent-service",
  "agent-custom",
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** An alert as people see it: open, open but acknowledged, or resolved. */
export const ALERT_STATES = ["open", "acknowledged", "resolved"] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** How an alert ended. */
export type AlertResolution =
  | "recovered"
  | "by-hand"
  | "certificate-renewed"
  | "superseded"
  | "monitor-changed"
  | "rule-deleted"
  | "key-revoked";

/** The events a notification can carry; the webhook `event` field. */
export const NOTIFICATION_EVENTS = [
  "monitor.down",
  "alert.escalated",
  "monitor.up",
  "alert.resolved",
  "ssl.expiring",
  "monitor.no-agent",
  "agent.offline",
  "agent.online",
  "agent.alert",
  "alert.acknowledged",
  "test",
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Events that tell of a problem; the others tell it is over (or are a test). */
export function isRecoveryEvent(event: NotificationEvent): boolean {
  return event === "monitor.up" || event === "alert.resolved" || event === "agent.online";
}

/**
 * The webhook body, exactly the shape the help centre documents: the event, when it happened,
 * the monitor, the alert and the check that caused it.
 */
export interface WebhookPayload {
  event: NotificationEvent;
  /** ISO 8601 in UTC, to the second. */
  timestamp: string;
  monitor: { id: string; name: string; url: string; type: string };
  alert: {
    id: string;
    severity: AlertSeverity;
    message: string;
    response_code: number | null;
    response_time: number | null;
  };
  metadata: {
    /** Where the deciding check ran; for a failure, the first region that failed. */
    region: string;
    /** Every region that failed the deciding round (the check's own region when it did not fail). */
    regions: string[];
    check_id: string | null;
    consecutive_failures: number;
  };
}

/**
 * The webhook body of an agent's alert, documented next to the monitor one: the agent instead of
 * a monitor, and what the rule measured.
 */
export interface AgentWebhookPayload {
  event: NotificationEvent;
  /** ISO 8601 in UTC, to the second. */
  timestamp: string;
  agent: { id: string; name: string; hostname: string | null; os: string };
  alert: {
    id: string;
    severity: AlertSeverity;
    message: string;
    kind: AlertKind;
    /** What the deciding sample measured (percent, or the load average); null when nothing was. */
    value: number | null;
    threshold: number | null;
    /** The disk's mount or the service's name; null for machine-wide alerts. */
    subject: string | null;
  };
  metadata: { rule_id: string | null; offline_after_minutes: number };
}

/** A time as the webhook payload writes it: ISO 8601, UTC, whole seconds. */
export function payloadTimestamp(at: number): string {
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, "Z");
}
