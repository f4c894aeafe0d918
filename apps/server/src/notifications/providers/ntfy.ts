import type { PostAnswer } from "@upwatch/checks";
import type { NotificationMessage } from "../../alerting/index.ts";
import {
  type Delivery,
  DeliveryError,
  type DeliveryReceipt,
  type NotificationProvider,
  type ProviderDeps,
} from "../provider.ts";
import type { CardTone } from "./chat-card.ts";
import { answerWords } from "./error-answer.ts";
import { deliverJson } from "./post-json.ts";
import { type PushPriorities, pushBody, pushMessage } from "./push-message.ts";
import { shorten } from "./shorten.ts";

/**
 * What a message keeps to. ntfy turns a message over 4,096 bytes into an attachment, so it is
 * cut instead; the title has no documented limit and is kept to a line's worth.
 */
export const NTFY_LIMITS = { messageBytes: 4096, title: 256 } as const;

/** ntfy's priorities: 5 urgent, 4 high, 3 default. */
export const NTFY_PRIORITIES: PushPriorities = {
  critical: 5,
  warning: 4,
  info: 3,
  resolved: 3,
  test: 3,
};

/** The tag of each tone, which ntfy shows as an emoji before the title. */
export const NTFY_TAGS: Record<CardTone, string> = {
  critical: "rotating_light",
  warning: "warning",
  info: "information_source",
  resolved: "white_check_mark",
  test: "bell",
};

/**
 * The publish-as-JSON body: the headline as the title, the check line and when it opened (or how
 * long it lasted) as the message, the severity as priority and tag, and the alert's page behind
 * a tap and a "View alert" button.
 */
export function ntfyMessage(event: Delivery["event"], message: NotificationMessage, topic: string) {
  const push = pushMessage(event, message, "This ntfy topic");
  const body = pushBody(push, {
    separator: "\n",
    fits: (text) => Buffer.byteLength(text) <= NTFY_LIMITS.messageBytes,
  });
  return {
    topic,
    title: shorten(push.title, NTFY_LIMITS.title),
    message: body,
    priority: NTFY_PRIORITIES[push.tone],
    tags: [NTFY_TAGS[push.tone]],
    ...(push.alertUrl
      ? {
          click: push.alertUrl,
          actions: [{ action: "view", label: "View alert", url: push.alertUrl }],
        }
      : {}),
  };
}

/** The server's root, where JSON is published: https://ntfy.sh/. */
export function ntfyPublishUrl(server: string): string {
  return `${server.replace(/\/+$/, "")}/`;
}

/** The delivery log's sentence for an answer other than 2xx; ntfy answers {code, http, error}. */
export function ntfyRefusal(answer: PostAnswer): DeliveryError {
  const words = answerWords(answer, "error");
  const status = answer.statusCode;
  const code = words === null ? `${status}` : `${status}: ${words}`;
  if (status === 401) {
    return new DeliveryError(
      `ntfy refused the access token with 401 (${words ?? "unauthorized"}): it is wrong or was deleted. Create one in ntfy under Account > Access tokens and enter it in this channel.`,
    );
  }
  if (status === 403) {
    return new DeliveryError(
      `ntfy refused the message with 403 (${words ?? "forbidden"}): this topic needs an access token whose user may publish to it. Enter such a token in this channel, or give its user write access to the topic.`,
    );
  }
  if (status === 429) {
    return new DeliveryError(
      `ntfy limited the rate of messages (${code}); later messages go through once the rate drops.`,
    );
  }
  if (status === 507) {
    return new DeliveryError(
      `ntfy could not keep the message (${code}): the server is out of room, or it takes messages for this topic only once someone has subscribed to it.`,
    );
  }
  return new DeliveryError(`ntfy answered ${status}${words === null ? "" : ` (${words})`}.`);
}

async function publish(delivery: Delivery, deps: ProviderDeps): Promise<DeliveryReceipt> {
  const { server = "", topic = "", access_token: token } = delivery.channel.config;
  return deliverJson(
    {
      url: ntfyPublishUrl(server),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: ntfyMessage(delivery.event, delivery.message, topic),
    },
    deps,
    ntfyRefusal,
  );
}

/** ntfy: one message published to the channel's topic per notification. */
export const ntfyProvider: NotificationProvider = { sendAlert: publish, sendRecovery: publish };
