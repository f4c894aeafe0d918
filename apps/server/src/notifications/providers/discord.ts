import type { PostAnswer } from "@upwatch/checks";
import type { NotificationMessage } from "../../alerting/index.ts";
import { type Delivery, DeliveryError } from "../provider.ts";
import { chatCard, TONE_COLOURS } from "./chat-card.ts";
import { briefFacts } from "./chat-card-lines.ts";
import { chatProvider } from "./chat-provider.ts";
import { answerField } from "./error-answer.ts";
import { shorten } from "./shorten.ts";

/** Discord's documented embed limits, in characters. */
export const DISCORD_LIMITS = {
  title: 256,
  description: 4096,
  fieldName: 256,
  fieldValue: 1024,
  fields: 25,
} as const;

/** Discord renders markdown in descriptions and field values; names must read as written. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\*_~`|]/g, "\\$&");
}

/**
 * The execute-webhook body: one embed coloured by severity, its title the headline linked to the
 * alert, the detail and a "View alert" link as its description, the facts as inline fields.
 * Mentions are switched off, so a monitor named "@everyone" pings no one.
 */
export function discordMessage(event: Delivery["event"], message: NotificationMessage) {
  const card = chatCard(event, message, "This Discord channel");
  const link = card.alertUrl ? `[View alert](${card.alertUrl})` : null;
  const detail = card.detail === null ? null : escapeMarkdown(card.detail);
  // The link is kept whole: only the detail gives way to the description's limit.
  const room = DISCORD_LIMITS.description - (link ? link.length + 1 : 0);
  const description = [detail === null ? null : shorten(detail, room), link]
    .filter((line) => line !== null)
    .join("\n");
  return {
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: shorten(card.headline, DISCORD_LIMITS.title),
        ...(card.alertUrl ? { url: card.alertUrl } : {}),
        ...(description ? { description } : {}),
        color: TONE_COLOURS[card.tone],
        fields: briefFacts(card)
          .slice(0, DISCORD_LIMITS.fields)
          .map((fact) => ({
            name: shorten(fact.name, DISCORD_LIMITS.fieldName),
            value: shorten(escapeMarkdown(fact.value), DISCORD_LIMITS.fieldValue),
            inline: true,
          })),
        footer: { text: "Upwatch" },
        timestamp: card.timestamp,
      },
    ],
  };
}

const seconds = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** The delivery log's sentence for an answer other than 2xx. */
export function discordRefusal(answer: PostAnswer): DeliveryError {
  if (answer.statusCode === 429) {
    const wait = answerField(answer, "retry_after");
    const asked = typeof wait === "number" ? ` and asked to wait ${seconds.format(wait)} s` : "";
    return new DeliveryError(`Discord limited the rate of messages to this webhook (429)${asked}.`);
  }
  const said = answerField(answer, "message");
  const reason = typeof said === "string" ? `: ${said.slice(0, 200).replace(/\.$/, "")}` : "";
  const gone = answer.statusCode === 401 || answer.statusCode === 404;
  const advice = gone
    ? " The webhook was deleted or its URL is wrong: create a webhook in Discord and paste its URL into this channel."
    : "";
  return new DeliveryError(`Discord answered ${answer.statusCode}${reason}.${advice}`);
}

/** Discord channel webhooks: one embed per notification. */
export const discordProvider = chatProvider(discordMessage, discordRefusal);
