import { type AgentWebhookPayload, isRecoveryEvent, type WebhookPayload } from "@upwatch/core";
import type { NotificationMessage } from "../../alerting/index.ts";
import type { Delivery } from "../provider.ts";
import { describeCheckLine, isHeartbeat } from "./alert-facts.ts";

type Event = Delivery["event"];

/**
 * What a channel's text says of the thing an alert is about. Each channel renders every alert
 * in one frame of its own; a monitor and an agent fill in their facts.
 */
export interface SubjectFacts {
  /** The e-mail body's lines between the summary and the alert's times. */
  emailLines(event: Event): string[];
  /** A text message's words for an alert, between "<product> <SEVERITY>: " and its link. */
  smsAlert(event: Event): string;
  /** A text message's words for what is over, before " after <duration>.". */
  smsRecovery(event: Event): string;
  /** The line under a Slack alert's summary; null for none. */
  slackDetail(event: Event): string | null;
}

/** The facts of the monitor or the agent the message is about. */
export function factsOf(message: NotificationMessage): SubjectFacts {
  const { payload } = message;
  return "agent" in payload
    ? agentFacts({ ...message, payload })
    : monitorFacts({ ...message, payload });
}

const whole = new Intl.NumberFormat("en-US");
const upToHundredths = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const problemOrNote = (event: Event) => (isRecoveryEvent(event) ? "Note" : "Problem");

/** A monitor: its target, type and region, the check's answer; a heartbeat has no target or region. */
function monitorFacts(message: NotificationMessage & { payload: WebhookPayload }): SubjectFacts {
  const { monitor, alert, metadata } = message.payload;
  const heartbeat = isHeartbeat(message.payload);
  // Neither says anything of a check: no check was run.
  const noCheck = (event: Event) => event === "ssl.expiring" || event === "monitor.no-agent";
  return {
    emailLines: (event) => {
      const lines = [
        `Monitor: ${monitor.name}`,
        ...(heartbeat ? [] : [`Target: ${monitor.url}`]),
        `Check type: ${monitor.type}`,
        ...(heartbeat ? [] : [`Region: ${metadata.region}`]),
        `${problemOrNote(event)}: ${alert.message}`,
      ];
      if (alert.response_code !== null) lines.push(`Status code: ${alert.response_code}`);
      if (alert.response_time !== null) {
        lines.push(`Response time: ${whole.format(alert.response_time)} ms`);
      }
      lines.push(`Consecutive failures: ${metadata.consecutive_failures}`);
      return lines;
    },
    smsAlert: (event) => {
      if (noCheck(event)) return message.summary;
      const facts = [
        event === "alert.escalated" ? `notification ${message.number}` : null,
        alert.response_code === null ? null : `HTTP ${alert.response_code}`,
        message.agentName ? `agent ${message.agentName}` : heartbeat ? null : metadata.region,
        `${metadata.consecutive_failures} failure${metadata.consecutive_failures === 1 ? "" : "s"}`,
      ].filter(Boolean);
      const state = event === "alert.escalated" ? "is still DOWN" : "is DOWN";
      return `${monitor.name} ${state} (${facts.join(", ")})`;
    },
    smsRecovery: (event) =>
      event === "monitor.up"
        ? `${monitor.name} is UP`
        : `the alert for ${monitor.name} was resolved by hand`,
    slackDetail: (event) => (noCheck(event) ? null : describeCheckLine(message)),
  };
}

/** An agent: its host, what its rule measured against the threshold, or how long it was silent. */
function agentFacts(message: NotificationMessage & { payload: AgentWebhookPayload }): SubjectFacts {
  const { agent, alert, metadata } = message.payload;
  const repeat = (event: Event) =>
    event === "alert.escalated" ? ` (notification ${message.number})` : "";
  return {
    emailLines: (event) => {
      const lines = [
        `Agent: ${agent.name}`,
        `Host: ${agent.hostname ?? "not reported yet"} (${agent.os})`,
        `${problemOrNote(event)}: ${alert.message}`,
      ];
      if (alert.value !== null) lines.push(`Measured: ${upToHundredths.format(alert.value)}`);
      if (alert.threshold !== null) {
        lines.push(`Threshold: ${upToHundredths.format(alert.threshold)}`);
      }
      if (alert.kind === "agent-offline") {
        lines.push(`Offline after: ${metadata.offline_after_minutes} minutes without a report`);
      }
      return lines;
    },
    smsAlert: (event) => `${message.summary}${repeat(event)}`,
    smsRecovery: () => message.summary,
    slackDetail: () => alert.message,
  };
}
