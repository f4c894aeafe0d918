import type { NotificationMessage } from "../../alerting/index.ts";
import type { Delivery } from "../provider.ts";
import { type CardTone, chatCard } from "./chat-card.ts";
import { whenLine } from "./chat-card-lines.ts";
import { shorten } from "./shorten.ts";

/** One line of a short message: bold (the headline), a link, or plain text. */
export interface MessageLine {
  text: string;
  bold?: boolean;
  href?: string;
}

/**
 * How long the headline and the detail may be, in characters. Even at two UTF-16 units each, the
 * whole message stays under Telegram's 4,096 and far under Matrix's 64 KiB event.
 */
export const SHORT_MESSAGE_LIMITS = { headline: 500, detail: 1500 } as const;

/** The mark before the headline, standing in for the colour of a card. */
export const TONE_MARKS: Record<CardTone, string> = {
  critical: "🔴",
  warning: "🟠",
  info: "🔵",
  resolved: "✅",
  test: "🔵",
};

/**
 * One notification as a few lines, for the services that post text rather than cards: the marked
 * headline, what the check saw (or what a test is for), when it opened or how long it lasted,
 * and a "View alert" link; `place` names where tests arrive ("This Telegram chat").
 */
export function shortMessageLines(
  event: Delivery["event"],
  message: NotificationMessage,
  place: string,
): MessageLine[] {
  const card = chatCard(event, message, place);
  const when = whenLine(card);
  const headline = shorten(card.headline, SHORT_MESSAGE_LIMITS.headline);
  return [
    { text: `${TONE_MARKS[card.tone]} ${headline}`, bold: true },
    ...(card.detail === null ? [] : [{ text: shorten(card.detail, SHORT_MESSAGE_LIMITS.detail) }]),
    ...(when === null ? [] : [{ text: when }]),
    ...(card.alertUrl ? [{ text: "View alert", href: card.alertUrl }] : []),
  ];
}

/** Text with &, <, > and " written as entities, for HTML bodies and attributes. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** The lines as HTML, joined by `separator` ("\n" for Telegram, "<br>" for Matrix). */
export function linesAsHtml(lines: readonly MessageLine[], separator: string): string {
  return lines
    .map((line) => {
      const text = escapeHtml(line.text);
      if (line.href) return `<a href="${escapeHtml(line.href)}">${text}</a>`;
      return line.bold ? `<b>${text}</b>` : text;
    })
    .join(separator);
}

/** The lines as plain text, a link written after its words: "View alert: https://...". */
export function linesAsText(lines: readonly MessageLine[]): string {
  return lines.map((line) => (line.href ? `${line.text}: ${line.href}` : line.text)).join("\n");
}
