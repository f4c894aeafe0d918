import type { AlertKind, AlertSeverity, NotificationEvent } from "@upwatch/core";
import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { describeDuration } from "../describe-duration.ts";
import {
  type AgentReading,
  buildAgentAlertMessage,
  ruleKeyParts,
  watchedThing,
} from "./agent-notification-message.ts";
import type { AgentFacts } from "./agent-subjects.ts";
import { type AlertingContext, alertPageUrl } from "./alerting-context.ts";
import type { AlertingSnapshot } from "./alerting-snapshot.ts";
import type { NotificationRequest } from "./enqueue-notifications.ts";
import type { SubjectAlerting } from "./subject-alerting.ts";

/**
 * How alerting treats an agent's alert: held while every parent monitor of the agent is down,
 * repeated on the schedule, its notices naming the agent and its reading.
 */
export function agentAlerting(snapshot: AlertingSnapshot, agentId: string): SubjectAlerting {
  return {
    isHeld: () => snapshot.isAgentHeld(agentId),
    repeats: () => true,
    dueNotice: async (trx, actx, alert, at, { reading }) => {
      const agent = snapshot.agent(agentId);
      if (!agent) return null;
      return agentNotification(actx, agent, alert, {
        event: agentAlertEvent(alert, alert.notifications_sent),
        at,
        number: alert.notifications_sent,
        text: alert.message,
        reading: reading ?? (await loadRuleReading(trx, alert)),
      });
    },
    closingNotice: async (trx, actx, alert, event, at, { reading }) => {
      const agent = snapshot.agent(agentId);
      if (!agent) return null;
      const closing = agentClosing(agent, alert, event, at);
      return agentNotification(actx, agent, alert, {
        event,
        at,
        number: null,
        ...closing,
        reading: reading ?? (await loadRuleReading(trx, alert)),
      });
    },
  };
}

/** The notification event of an agent alert's `number`th notification. */
export function agentAlertEvent(alert: AlertTable, number: number): NotificationEvent {
  if (number > 1) return "alert.escalated";
  return alert.kind === "agent-offline" ? "agent.offline" : "agent.alert";
}

/** The closing notice's sentence and summary of an agent alert. */
export function agentClosing(
  agent: AgentFacts,
  alert: AlertTable,
  event: NotificationEvent,
  at: number,
): { text: string; summary: string } {
  const openFor = describeDuration(at - alert.opened_at);
  if (event === "alert.acknowledged") {
    return {
      summary: `The alert for ${agent.name} was acknowledged`,
      text: `The alert was acknowledged after ${openFor}; no more notifications are sent for it.`,
    };
  }
  if (event === "agent.online") {
    const summary = `${agent.name} is reporting again`;
    return { summary, text: `${summary} after ${openFor}.` };
  }
  if (alert.resolution === "recovered") {
    const thing = watchedThing(alert.kind, ruleKeyParts(alert.dedupe_key).subject);
    const summary = `${thing} on ${agent.name} is back to normal`;
    return { summary, text: `${summary} after ${openFor}.` };
  }
  if (alert.resolution === "rule-deleted") {
    return {
      summary: `The alert for ${agent.name} was closed: its rule was deleted`,
      text: `The alert was closed after ${openFor} because its rule was deleted.`,
    };
  }
  return {
    summary: `The alert for ${agent.name} was resolved by hand`,
    text: `The alert was resolved by hand after ${openFor}.`,
  };
}

/** What an agent alert's notification says in a few words. */
function openingSummary(agent: AgentFacts, alert: AlertTable, event: NotificationEvent): string {
  if (alert.kind === "agent-offline") {
    return event === "alert.escalated"
      ? `${agent.name} is still offline`
      : `${agent.name} is offline`;
  }
  return alert.message.replace(/\.$/, "");
}

export interface AgentNoticeInput {
  event: NotificationEvent;
  at: number;
  number: number | null;
  text: string;
  /** For closing notices; openings say the alert's message. */
  summary?: string | undefined;
  reading: AgentReading;
}

/** One notification of an agent's alert, to every channel of the agent. */
export function agentNotification(
  actx: AlertingContext,
  agent: AgentFacts,
  alert: AlertTable,
  input: AgentNoticeInput,
): NotificationRequest {
  return {
    subject: { type: "agent", id: agent.id },
    alertId: alert.id,
    event: input.event,
    severity: alert.severity as AlertSeverity,
    at: input.at,
    message: buildAgentAlertMessage({
      event: input.event,
      at: input.at,
      agent,
      alert: {
        id: alert.id,
        kind: alert.kind as AlertKind,
        severity: alert.severity as AlertSeverity,
        message: input.text,
        openedAt: alert.opened_at,
        dedupeKey: alert.dedupe_key,
      },
      summary: input.summary ?? openingSummary(agent, alert, input.event),
      reading: input.reading,
      number: input.number,
      alertUrl: alertPageUrl(actx, alert.page_token),
    }),
  };
}

/**
 * A rule alert's threshold when the deciding sample is not at hand (repeats, by hand): the rule's
 * percentage; for load, its factor times the cores of the agent's latest report (null when not
 * known); null for services.
 */
export async function loadRuleReading(
  db: Kysely<Database>,
  alert: AlertTable,
): Promise<AgentReading> {
  const { ruleId } = ruleKeyParts(alert.dedupe_key);
  if (!ruleId) return { value: null, threshold: null };
  const rule = await db
    .selectFrom("agent_alert_rules")
    .innerJoin("agents", "agents.id", "agent_alert_rules.agent_id")
    .select(["agent_alert_rules.kind", "agent_alert_rules.threshold", "agents.latest_report"])
    .where("agent_alert_rules.id", "=", ruleId)
    .executeTakeFirst();
  if (!rule || rule.kind === "service") return { value: null, threshold: null };
  if (rule.kind !== "load") return { value: null, threshold: rule.threshold };
  const cores = coresOf(rule.latest_report);
  return { value: null, threshold: cores === null ? null : rule.threshold * cores };
}

function coresOf(latestReport: string | null): number | null {
  if (latestReport === null) return null;
  try {
    const cores = (JSON.parse(latestReport) as { cores?: unknown }).cores;
    return typeof cores === "number" && cores > 0 ? cores : null;
  } catch {
    return null;
  }
}
