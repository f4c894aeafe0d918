import type { WebhookPayload } from "@upwatch/core";
import type { NotificationMessage } from "../../alerting/index.ts";

const number = new Intl.NumberFormat("en-US");

/** "HTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms". */
export function describeCheckLine(
  message: NotificationMessage & { payload: WebhookPayload },
): string {
  const { alert, metadata } = message.payload;
  const parts = [
    alert.response_code === null ? null : `HTTP ${alert.response_code}`,
    message.agentName
      ? `from agent ${message.agentName}`
      : isHeartbeat(message.payload)
        ? null
        : `from ${(metadata.regions?.length ? metadata.regions : [metadata.region]).join(", ")}`,
    metadata.consecutive_failures > 0
      ? `after ${metadata.consecutive_failures} consecutive failure${metadata.consecutive_failures === 1 ? "" : "s"}`
      : null,
  ].filter(Boolean);
  const time =
    alert.response_time === null ? "" : ` - response time ${number.format(alert.response_time)} ms`;
  return `${parts.join(" ")}${time}`;
}

/** A heartbeat has no target and runs from no region: its texts leave both out. */
export function isHeartbeat(payload: WebhookPayload): boolean {
  return payload.monitor.type === "heartbeat";
}

/** "09:14 UTC". */
export function clockTimeUtc(at: number): string {
  return `${new Date(at).toISOString().slice(11, 16)} UTC`;
}

/** "2024-11-02 09:14 UTC". */
export function dateTimeUtc(at: number): string {
  return `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The severity as a word in capitals: CRITICAL, WARNING, INFO. */
export function severityWord(message: NotificationMessage): string {
  return message.payload.alert.severity.toUpperCase();
}
