import { PostTimeoutError, postThroughGuard } from "@upwatch/checks";
import { isRecoveryEvent } from "@upwatch/core";
import { describeDuration, type NotificationMessage } from "../../alerting/index.ts";
import {
  type Delivery,
  DeliveryError,
  type DeliveryReceipt,
  type NotificationProvider,
  type ProviderDeps,
} from "../provider.ts";
import { clockTimeUtc, severityWord } from "./alert-facts.ts";
import { factsOf } from "./subject-facts.ts";

/** Slack's mrkdwn needs &, < and > escaped in text that is not a link. */
function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The readable message of the help centre: severity and summary, then the facts, then when it
 * opened (or how long it lasted) and a link to the alert.
 */
export function slackText(event: Delivery["event"], message: NotificationMessage): string {
  const link = message.alertUrl ? ` - <${message.alertUrl}|View alert>` : "";
  if (event === "test") {
    return `*TEST*  ${escapeMrkdwn(message.summary)}\nThis Slack channel will receive Upwatch alerts.`;
  }
  if (isRecoveryEvent(event)) {
    const lasted = describeDuration(message.openForMs ?? 0);
    const how = event === "monitor.up" ? `Down for ${lasted}` : `Open for ${lasted}`;
    return `*RESOLVED*  ${escapeMrkdwn(message.summary)}\n${how}${link}`;
  }
  const repeat = event === "alert.escalated" ? ` (notification ${message.number})` : "";
  const detail = factsOf(message).slackDetail(event);
  const facts = detail === null ? "" : `\n${escapeMrkdwn(detail)}`;
  const opened = message.openedAt === null ? "" : `\nOpened ${clockTimeUtc(message.openedAt)}`;
  return `*${severityWord(message)}*  ${escapeMrkdwn(message.summary)}${repeat}${facts}${opened}${link}`;
}

async function postToSlack(delivery: Delivery, deps: ProviderDeps): Promise<DeliveryReceipt> {
  const text = slackText(delivery.event, delivery.message);
  const body = JSON.stringify({
    text,
    blocks: [{ type: "section", text: { type: "mrkdwn", text } }],
  });
  try {
    const answer = await postThroughGuard({
      url: delivery.channel.config.url ?? "",
      headers: { "content-type": "application/json" },
      body,
      timeoutMs: deps.timeoutMs,
      network: deps.network,
    });
    if (answer.statusCode >= 200 && answer.statusCode < 300) return { kind: "delivered" };
    const reason = answer.body.trim().slice(0, 200);
    throw new DeliveryError(`Slack answered ${answer.statusCode}${reason ? `: ${reason}` : ""}.`);
  } catch (error) {
    if (error instanceof DeliveryError) throw error;
    if (error instanceof PostTimeoutError) throw new DeliveryError(error.message, true);
    throw new DeliveryError(error instanceof Error ? error.message : String(error));
  }
}

/** Slack incoming webhooks: one readable message per notification. */
export const slackProvider: NotificationProvider = {
  sendAlert: postToSlack,
  sendRecovery: postToSlack,
};
