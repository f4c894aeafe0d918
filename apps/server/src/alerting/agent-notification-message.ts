import {
  type AlertKind,
  type AlertSeverity,
  type NotificationEvent,
  payloadTimestamp,
} from "@upwatch/core";
import { parseRuleKey } from "./agent-rule-key.ts";
import type { AgentFacts } from "./agent-subjects.ts";
import type { NotificationMessage } from "./notification-message.ts";

/** What a rule measured when its alert was decided; nulls when not known (repeats, offline). */
export interface AgentReading {
  value: number | null;
  threshold: number | null;
}

export interface AgentMessageInput {
  event: NotificationEvent;
  at: number;
  agent: AgentFacts;
  alert: {
    id: string;
    kind: AlertKind;
    severity: AlertSeverity;
    /** What the notification says happened, a sentence. */
    message: string;
    openedAt: number;
    dedupeKey: string | null;
  };
  /** What happened in a few words, such as "db-primary is offline". */
  summary: string;
  reading: AgentReading;
  number: number | null;
  alertUrl: string;
}

/** The rule and subject of an agent alert's dedupe key; nulls for the offline alert. */
export function ruleKeyParts(dedupeKey: string | null): {
  ruleId: string | null;
  subject: string | null;
} {
  const parts = parseRuleKey(dedupeKey);
  return { ruleId: parts?.ruleId ?? null, subject: parts?.subject || null };
}

/** Builds the message of an agent alert's notification (the agent webhook payload). */
export function buildAgentAlertMessage(input: AgentMessageInput): NotificationMessage {
  const { agent, alert } = input;
  const key = ruleKeyParts(alert.dedupeKey);
  const closing =
    input.event === "agent.online" || input.event === "alert.resolved"
      ? input.at - alert.openedAt
      : null;
  return {
    payload: {
      event: input.event,
      timestamp: payloadTimestamp(input.at),
      agent: { id: agent.id, name: agent.name, hostname: agent.hostname, os: agent.os },
      alert: {
        id: alert.id,
        severity: alert.severity,
        message: alert.message,
        kind: alert.kind,
        value: input.reading.value,
        threshold: input.reading.threshold,
        subject: key.subject,
      },
      metadata: { rule_id: key.ruleId, offline_after_minutes: agent.offline_after_minutes },
    },
    summary: input.summary,
    number: input.number,
    openedAt: alert.openedAt,
    openForMs: closing,
    alertUrl: input.alertUrl,
  };
}

/** "CPU", "Disk /", "Service nginx": what a rule's alert watches, for short sentences. */
export function watchedThing(kind: string, subject: string | null): string {
  const things: Record<string, string> = {
    "agent-cpu": "CPU",
    "agent-memory": "Memory",
    "agent-load": "Load",
    "agent-disk": `Disk ${subject ?? ""}`.trim(),
    "agent-service": `Service ${subject ?? ""}`.trim(),
    "agent-custom": subject ?? "A custom metric",
  };
  return things[kind] ?? "The agent";
}
