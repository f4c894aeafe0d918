import type { PostAnswer } from "@upwatch/checks";
import type { NotificationMessage } from "../../alerting/index.ts";
import { type Delivery, DeliveryError } from "../provider.ts";
import { chatCard, TONE_COLOURS } from "./chat-card.ts";
import { briefFacts } from "./chat-card-lines.ts";
import { chatProvider } from "./chat-provider.ts";
import { answerField } from "./error-answer.ts";
import { shorten } from "./shorten.ts";

/**
 * What a message keeps to, in characters. Older Mattermost servers refuse attachments over
 * 7,900 characters in all; these keep one attachment well under that.
 */
export const MATTERMOST_LIMITS = { title: 256, text: 4000, fieldValue: 500 } as const;

/**
 * Mattermost renders markdown and @mentions in an attachment's text: names must read as written
 * and ping no one, so a word joiner after "@" keeps "@channel" from notifying the channel.
 */
function plain(text: string): string {
  return text.replace(/[\\*_~`]/g, "\\$&").replace(/@(?=\w)/g, "@\u2060");
}

const hex = (colour: number) => `#${colour.toString(16).padStart(6, "0").toUpperCase()}`;

/**
 * The incoming webhook's body: one Slack-compatible attachment with a border in the severity's
 * colour, the headline as its title linked to the alert and as the notification's fallback, the
 * detail and a "View alert" link as its text, and the facts as short fields.
 */
export function mattermostMessage(event: Delivery["event"], message: NotificationMessage) {
  const card = chatCard(event, message, "This Mattermost channel");
  const link = card.alertUrl ? `[View alert](${card.alertUrl})` : null;
  const room = MATTERMOST_LIMITS.text - (link ? link.length + 1 : 0);
  const text = [card.detail === null ? null : shorten(plain(card.detail), room), link]
    .filter((line) => line !== null)
    .join("\n");
  const title = shorten(card.headline, MATTERMOST_LIMITS.title);
  return {
    attachments: [
      {
        fallback: title,
        color: hex(TONE_COLOURS[card.tone]),
        title,
        ...(card.alertUrl ? { title_link: card.alertUrl } : {}),
        ...(text ? { text } : {}),
        fields: briefFacts(card).map((fact) => ({
          short: true,
          title: fact.name,
          value: shorten(plain(fact.value), MATTERMOST_LIMITS.fieldValue),
        })),
        footer: "Upwatch",
      },
    ],
  };
}

/** The delivery log's sentence for an answer other than 2xx. */
export function mattermostRefusal(answer: PostAnswer): DeliveryError {
  if (answer.statusCode === 429) {
    return new DeliveryError("Mattermost limited the rate of requests from Upwatch (429).");
  }
  const said = answerField(answer, "message");
  const words = typeof said === "string" ? said : answer.body.trim();
  const reason = words ? `: ${words.slice(0, 200).replace(/\.$/, "")}` : "";
  const invalid = /invalid webhook/i.test(words);
  const advice = invalid
    ? " The webhook was deleted or its URL is wrong: add an incoming webhook in Mattermost and paste its URL into this channel."
    : "";
  return new DeliveryError(`Mattermost answered ${answer.statusCode}${reason}.${advice}`);
}

/** Mattermost incoming webhooks: one coloured attachment per notification. */
export const mattermostProvider = chatProvider(mattermostMessage, mattermostRefusal);
