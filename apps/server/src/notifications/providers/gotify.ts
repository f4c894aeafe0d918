import type { PostAnswer } from "@upwatch/checks";
import type { NotificationMessage } from "../../alerting/index.ts";
import {
  type Delivery,
  DeliveryError,
  type DeliveryReceipt,
  type NotificationProvider,
  type ProviderDeps,
} from "../provider.ts";
import { answerWords } from "./error-answer.ts";
import { deliverJson } from "./post-json.ts";
import { type PushPriorities, pushBody, pushMessage } from "./push-message.ts";
import { shorten } from "./shorten.ts";

/** Gotify sets no limit; these keep a notification readable on a phone. */
export const GOTIFY_LIMITS = { title: 256, message: 4096 } as const;

/** Gotify's priorities, 0 to 10: its Android app pops a notification up from 8. */
export const GOTIFY_PRIORITIES: PushPriorities = {
  critical: 10,
  warning: 7,
  info: 5,
  resolved: 3,
  test: 5,
};

/** The message is markdown: the alert's own words must read as written. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, "\\$&");
}

/**
 * The create-message body: the headline as the title, the check line, when it opened (or how long
 * it lasted) and a "View alert" link as markdown paragraphs, the severity as priority, and the
 * alert's page opened by a tap on the notification.
 */
export function gotifyMessage(event: Delivery["event"], message: NotificationMessage) {
  const push = pushMessage(event, message, "This Gotify application");
  const link = push.alertUrl ? `[View alert](${push.alertUrl})` : null;
  const body = pushBody(push, {
    separator: "\n\n",
    written: escapeMarkdown,
    after: link ? [link] : [],
    fits: (text) => Array.from(text).length <= GOTIFY_LIMITS.message,
  });
  return {
    title: shorten(push.title, GOTIFY_LIMITS.title),
    message: body || shorten(push.title, GOTIFY_LIMITS.message),
    priority: GOTIFY_PRIORITIES[push.tone],
    extras: {
      "client::display": { contentType: "text/markdown" },
      ...(push.alertUrl ? { "client::notification": { click: { url: push.alertUrl } } } : {}),
    },
  };
}

/** Where messages are created: {server}/message. */
export function gotifyMessageUrl(server: string): string {
  return `${server.replace(/\/+$/, "")}/message`;
}

/** The delivery log's sentence for an answer other than 2xx; Gotify answers {error, errorCode, errorDescription}. */
export function gotifyRefusal(answer: PostAnswer): DeliveryError {
  const words = answerWords(answer, "errorDescription");
  const status = answer.statusCode;
  const code = words === null ? `${status}` : `${status}: ${words}`;
  if (status === 401) {
    return new DeliveryError(
      `Gotify refused the token with ${status}${words === null ? "" : ` (${words})`}: the application was deleted or the token is wrong. In Gotify, open Apps, copy the application's token (a client's token cannot send) and paste it into this channel.`,
    );
  }
  if (status === 403) {
    return new DeliveryError(
      `Gotify refused the message with ${status}${words === null ? "" : ` (${words})`}: the token may not send messages. Use the token of an application from Gotify's Apps page.`,
    );
  }
  if (status === 404) {
    return new DeliveryError(
      `Gotify answered ${status}${words === null ? "" : ` (${words})`}: no Gotify server answers at this address. Enter the address you open Gotify's web interface at.`,
    );
  }
  if (status === 429) {
    return new DeliveryError(`Gotify's server limited the rate of messages (${code}).`);
  }
  return new DeliveryError(`Gotify answered ${status}${words === null ? "" : ` (${words})`}.`);
}

async function post(delivery: Delivery, deps: ProviderDeps): Promise<DeliveryReceipt> {
  const { server = "", app_token: token = "" } = delivery.channel.config;
  return deliverJson(
    {
      url: gotifyMessageUrl(server),
      headers: { "x-gotify-key": token },
      body: gotifyMessage(delivery.event, delivery.message),
    },
    deps,
    gotifyRefusal,
  );
}

/** Gotify: one message per notification, sent as the channel's application. */
export const gotifyProvider: NotificationProvider = { sendAlert: post, sendRecovery: post };
