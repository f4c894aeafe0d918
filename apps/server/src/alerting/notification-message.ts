import {
  type AgentWebhookPayload,
  type AlertSeverity,
  checkId,
  type NotificationEvent,
  payloadTimestamp,
  type WebhookPayload,
} from "@upwatch/core";
import type { MonitorFacts } from "./alerting-snapshot.ts";

/** The check a notification reports: the one that decided it, or the monitor's latest. */
export interface CheckFacts {
  checkedAt: number;
  statusCode: number | null;
  responseMs: number | null;
  region: string;
  /** The regions that failed the check's round; absent or empty when none did. */
  failedRegions?: readonly string[] | undefined;
}

/**
 * One notification as queued: the webhook payload (the help centre's documented shape) and
 * what the other channels show besides it.
 */
export interface NotificationMessage {
  /** A monitor's payload, or an agent's (it has `agent` instead of `monitor`). */
  payload: WebhookPayload | AgentWebhookPayload;
  /** What happened in a few words, such as "Checkout API is down". */
  summary: string;
  /** Which notification of its alert this is (1 for the first); null for recoveries and tests. */
  number: number | null;
  openedAt: number | null;
  /** For recoveries: how long the alert was open. */
  openForMs: number | null;
  /** The alert's page, where it can be acknowledged. */
  alertUrl: string | null;
  /** The agent an agent-run monitor's check ran from, named where regions would be. */
  agentName?: string | null | undefined;
}

export interface AlertMessageInput {
  event: NotificationEvent;
  at: number;
  monitor: MonitorFacts;
  alert: {
    id: string;
    severity: AlertSeverity;
    message: string;
    openedAt: number;
  };
  check: CheckFacts | null;
  /** Its few words, when the event's usual ones do not fit. */
  summary?: string;
  consecutiveFailures: number;
  number: number | null;
  alertUrl: string;
}

/** Builds the message of an alert's notification. */
export function buildAlertMessage(input: AlertMessageInput): NotificationMessage {
  const { monitor, alert, check } = input;
  return {
    payload: {
      event: input.event,
      timestamp: payloadTimestamp(input.at),
      monitor: { id: monitor.id, name: monitor.name, url: monitor.target, type: monitor.type },
      alert: {
        id: alert.id,
        severity: alert.severity,
        message: alert.message,
        response_code: check?.statusCode ?? null,
        response_time: check?.responseMs ?? null,
      },
      metadata: {
        region: check?.failedRegions?.[0] ?? check?.region ?? monitor.region,
        regions: check?.failedRegions?.length
          ? [...check.failedRegions]
          : [check?.region ?? monitor.region],
        check_id: check ? checkId(check.checkedAt, check.region) : null,
        consecutive_failures: input.consecutiveFailures,
      },
    },
    summary: input.summary ?? summaryOf(input),
    number: input.number,
    openedAt: alert.openedAt,
    openForMs:
      input.event === "monitor.up" || input.event === "alert.resolved"
        ? input.at - alert.openedAt
        : null,
    alertUrl: input.alertUrl,
    agentName: monitor.agent_name ?? null,
  };
}

function summaryOf(input: AlertMessageInput): string {
  const name = input.monitor.name;
  const summaries: Record<NotificationEvent, () => string> = {
    "monitor.down": () => `${name} is down`,
    "alert.escalated": () => `${name} is still down`,
    "monitor.up": () => `${name} is up`,
    "alert.resolved": () => `The alert for ${name} was resolved by hand`,
    "alert.acknowledged": () => `The alert for ${name} was acknowledged`,
    "ssl.expiring": () => input.alert.message.replace(/ \(on [^)]*\)/, "").replace(/\.$/, ""),
    "monitor.no-agent": () => input.alert.message.replace(/;.*$/, "").replace(/\.$/, ""),
    // Agents' events have their own messages (agent-notification-message.ts).
    "agent.offline": () => input.alert.message,
    "agent.online": () => input.alert.message,
    "agent.alert": () => input.alert.message,
    test: () => "Test notification",
  };
  return summaries[input.event]();
}

/** The `test` event: sample values in the real structure, so a receiver can test its parsing. */
export function buildTestMessage(at: number, channelName: string): NotificationMessage {
  return {
    payload: {
      event: "test",
      timestamp: payloadTimestamp(at),
      monitor: {
        id: "mon_test",
        name: "Example monitor",
        url: "https://example.com/health",
        type: "http",
      },
      alert: {
        id: "alt_test",
        severity: "info",
        message: `A test notification for the channel "${channelName}".`,
        response_code: 200,
        response_time: 120,
      },
      metadata: {
        region: "us-west-1",
        regions: ["us-west-1"],
        check_id: checkId(at, "us-west-1"),
        consecutive_failures: 0,
      },
    },
    summary: `Test notification for ${channelName}`,
    number: null,
    openedAt: null,
    openForMs: null,
    alertUrl: null,
  };
}
