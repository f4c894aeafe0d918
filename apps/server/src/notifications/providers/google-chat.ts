import type { PostAnswer } from "@upwatch/checks";
import type { NotificationMessage } from "../../alerting/index.ts";
import { type Delivery, DeliveryError } from "../provider.ts";
import { type CardTone, chatCard, detailBesideFacts } from "./chat-card.ts";
import { whenLine } from "./chat-card-lines.ts";
import { chatProvider } from "./chat-provider.ts";
import { saidInParentheses } from "./error-answer.ts";
import { shorten } from "./shorten.ts";

/** How long each part of a message may be, in characters. */
type ChatLimits = { text: number; title: number; detail: number; factValue: number };

/** Google Chat takes message text up to 4,096 characters; the rest is enough for any real alert. */
export const GOOGLE_CHAT_LIMITS: ChatLimits = {
  text: 4096,
  title: 500,
  detail: 1000,
  factValue: 500,
};
/** Google Chat refuses a message over 32,000 bytes; one over this is cut harder. */
export const GOOGLE_CHAT_MAX_BYTES = 24_000;
const TIGHT_LIMITS: ChatLimits = { text: 500, title: 200, detail: 200, factValue: 100 };

/** The colour of the severity line: Google's red, amber, blue, green and grey. */
const COLOUR: Record<CardTone, string> = {
  critical: "#d93025",
  warning: "#e37400",
  info: "#1a73e8",
  resolved: "#188038",
  test: "#5f6368",
};

/** Card text is a small subset of HTML, so the alert's own words have &, < and > escaped. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The plain text shown above the card and in notifications: "CRITICAL: Checkout API - EU is down". */
export function googleChatText(
  event: Delivery["event"],
  message: NotificationMessage,
  limits: ChatLimits = GOOGLE_CHAT_LIMITS,
): string {
  const content = chatCard(event, message, "This Google Chat space");
  return shorten(content.headline, limits.text);
}

/**
 * The card of one notification: the summary as its header with when it opened (or how long it
 * lasted), the severity in its colour, the check's line, the facts, and a "View alert" button.
 */
export function googleChatCard(
  event: Delivery["event"],
  message: NotificationMessage,
  limits: ChatLimits = GOOGLE_CHAT_LIMITS,
) {
  const content = chatCard(event, message, "This Google Chat space");
  const line = (text: string, max: number) => escapeHtml(shorten(text, max));
  const widgets: object[] = [
    {
      decoratedText: {
        topLabel: content.tone === "test" || content.tone === "resolved" ? "Status" : "Severity",
        text: `<font color="${COLOUR[content.tone]}"><b>${content.label}</b></font>`,
      },
    },
  ];
  const detail = detailBesideFacts(content);
  if (detail !== null) {
    widgets.push({
      textParagraph: { text: line(detail, limits.detail) },
    });
  }
  for (const fact of content.facts) {
    widgets.push({
      decoratedText: {
        topLabel: escapeHtml(fact.name),
        text: line(fact.value, limits.factValue),
        wrapText: true,
      },
    });
  }
  const sections: object[] = [{ widgets }];
  if (content.alertUrl) {
    sections.push({
      widgets: [
        {
          buttonList: {
            buttons: [{ text: "View alert", onClick: { openLink: { url: content.alertUrl } } }],
          },
        },
      ],
    });
  }
  const when = whenLine(content);
  return {
    header: {
      title: shorten(content.title, limits.title),
      ...(when === null ? {} : { subtitle: when }),
    },
    sections,
  };
}

/** The message an incoming webhook takes: the text, then one card, under Google's size limit. */
export function googleChatMessage(event: Delivery["event"], message: NotificationMessage) {
  const within = (limits: ChatLimits) => ({
    text: googleChatText(event, message, limits),
    cardsV2: [{ cardId: "upwatch-notification", card: googleChatCard(event, message, limits) }],
  });
  const usual = within(GOOGLE_CHAT_LIMITS);
  const fits = Buffer.byteLength(JSON.stringify(usual)) <= GOOGLE_CHAT_MAX_BYTES;
  return fits ? usual : within(TIGHT_LIMITS);
}

/** The delivery log's sentence for an answer other than 2xx. */
export function googleChatRefusal(answer: PostAnswer): DeliveryError {
  const { statusCode } = answer;
  const said = saidInParentheses(answer.body);
  if (statusCode === 429) {
    return new DeliveryError(
      `Google Chat is limiting how often this space's webhook posts and refused the message with 429${said}; later messages go through once the rate drops.`,
    );
  }
  if (statusCode === 401 || statusCode === 403 || statusCode === 404) {
    return new DeliveryError(
      `Google Chat refused the webhook URL with ${statusCode}${said}: the webhook was deleted, or its key or token changed. Add a new webhook to the space and paste its URL.`,
    );
  }
  return new DeliveryError(`Google Chat answered ${statusCode}${said}.`);
}

/** Google Chat incoming webhooks: a line of text and one card per notification. */
export const googleChatProvider = chatProvider(googleChatMessage, googleChatRefusal);
