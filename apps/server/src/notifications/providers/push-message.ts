import type { NotificationMessage } from "../../alerting/index.ts";
import type { Delivery } from "../provider.ts";
import { type CardTone, chatCard } from "./chat-card.ts";
import { whenLine } from "./chat-card-lines.ts";

/** One notification as a push service shows it: a title, a few lines and where a tap leads. */
export interface PushMessage {
  /** The alert's severity, that it is over, or that it is a test: what sets the priority. */
  tone: CardTone;
  /** "CRITICAL: Checkout API - EU is down". */
  title: string;
  /** What the check saw (or what a test is for); null when there is nothing to add. */
  detail: string | null;
  /** "Opened 09:14 UTC", or "Down for 23 minutes" once it is over; null for a test. */
  when: string | null;
  alertUrl: string | null;
  /** When it happened, in ms. */
  at: number;
}

/** Each push service's priority for each tone, from its own scale. */
export type PushPriorities = Record<CardTone, number>;

/**
 * The push message of one event, with the same headline, check line and times as the chat
 * services; `place` names where tests arrive ("This ntfy topic").
 */
export function pushMessage(
  event: Delivery["event"],
  message: NotificationMessage,
  place: string,
): PushMessage {
  const card = chatCard(event, message, place);
  return {
    tone: card.tone,
    title: card.headline,
    detail: card.detail,
    when: whenLine(card),
    alertUrl: card.alertUrl,
    at: Date.parse(card.timestamp),
  };
}

/**
 * The message's lines joined by `separator`, the detail (the only line that can run long) cut
 * with an ellipsis until the whole `fits`. `written` turns a line into the service's text.
 */
export function pushBody(
  push: PushMessage,
  options: {
    separator: string;
    fits: (text: string) => boolean;
    written?: (line: string) => string;
    after?: readonly string[];
  },
): string {
  const written = options.written ?? ((line: string) => line);
  const body = (detail: string | null) =>
    [
      ...[detail, push.when].filter((line) => line !== null).map(written),
      ...(options.after ?? []),
    ].join(options.separator);
  const whole = body(push.detail);
  if (push.detail === null || options.fits(whole)) return whole;
  const characters = Array.from(push.detail);
  let low = 0;
  let high = characters.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (options.fits(body(`${characters.slice(0, middle).join("")}…`))) low = middle;
    else high = middle - 1;
  }
  return body(low === 0 ? null : `${characters.slice(0, low).join("")}…`);
}
