import type { PostAnswer } from "@upwatch/checks";
import type { NotificationMessage } from "../../alerting/index.ts";
import { type Delivery, DeliveryError } from "../provider.ts";
import { type CardTone, chatCard, detailBesideFacts } from "./chat-card.ts";
import { whenLine } from "./chat-card-lines.ts";
import { chatProvider } from "./chat-provider.ts";
import { saidInParentheses } from "./error-answer.ts";
import { shorten } from "./shorten.ts";

/** How long each part of a card may be, in characters. */
type TeamsLimits = { title: number; detail: number; factValue: number; facts: number };

/** The usual caps, enough for any real alert. */
export const TEAMS_LIMITS: TeamsLimits = { title: 500, detail: 1000, factValue: 500, facts: 12 };
/** Teams refuses messages over about 28 KB, and some tenants at less; a card over this is cut harder. */
export const TEAMS_MAX_BYTES = 16_000;
const TIGHT_LIMITS: TeamsLimits = { title: 200, detail: 200, factValue: 100, facts: 12 };

/** Adaptive Card container styles, the colour Teams gives each tone. */
const STYLE: Record<CardTone, string> = {
  critical: "attention",
  warning: "warning",
  info: "accent",
  resolved: "good",
  test: "emphasis",
};

/** Adaptive Card text colours for the label at the top of the card. */
const COLOUR: Record<CardTone, string> = {
  critical: "attention",
  warning: "warning",
  info: "accent",
  resolved: "good",
  test: "default",
};

/**
 * The Adaptive Card of one notification: a coloured band with the label and summary, the
 * check's line, the facts, when it opened or how long it lasted, and a "View alert" button.
 */
export function teamsCard(
  event: Delivery["event"],
  message: NotificationMessage,
  limits: TeamsLimits = TEAMS_LIMITS,
) {
  const content = chatCard(event, message, "This Microsoft Teams channel");
  const title = shorten(content.title, limits.title);
  const body: object[] = [
    {
      type: "Container",
      style: STYLE[content.tone],
      bleed: true,
      items: [
        {
          type: "TextBlock",
          text: content.label,
          weight: "Bolder",
          size: "Small",
          color: COLOUR[content.tone],
        },
        { type: "TextBlock", text: title, weight: "Bolder", size: "Medium", wrap: true },
      ],
    },
  ];
  const detail = detailBesideFacts(content);
  if (detail !== null) {
    body.push({
      type: "TextBlock",
      text: shorten(detail, limits.detail),
      wrap: true,
    });
  }
  if (content.facts.length > 0) {
    body.push({
      type: "FactSet",
      facts: content.facts.slice(0, limits.facts).map((fact) => ({
        title: fact.name,
        value: shorten(fact.value, limits.factValue),
      })),
    });
  }
  const when = whenLine(content);
  if (when !== null) {
    body.push({ type: "TextBlock", text: when, isSubtle: true, wrap: true });
  }
  return {
    $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
    type: "AdaptiveCard",
    version: "1.4",
    fallbackText: `${content.label}: ${title}`,
    msteams: { width: "Full" },
    body,
    actions: content.alertUrl
      ? [{ type: "Action.OpenUrl", title: "View alert", url: content.alertUrl }]
      : [],
  };
}

/** The message a Workflows webhook takes: one Adaptive Card attachment, under Teams' size limit. */
export function teamsMessage(event: Delivery["event"], message: NotificationMessage) {
  const withCard = (limits: TeamsLimits) => ({
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: teamsCard(event, message, limits),
      },
    ],
  });
  const usual = withCard(TEAMS_LIMITS);
  const fits = Buffer.byteLength(JSON.stringify(usual)) <= TEAMS_MAX_BYTES;
  return fits ? usual : withCard(TIGHT_LIMITS);
}

/** The delivery log's sentence for an answer other than 2xx. */
export function teamsRefusal(answer: PostAnswer): DeliveryError {
  const { statusCode } = answer;
  const said = saidInParentheses(answer.body);
  if (statusCode === 429) {
    return new DeliveryError(
      `Microsoft Teams is limiting how often this workflow runs and refused the message with 429${said}; later messages go through once the rate drops.`,
    );
  }
  if (statusCode === 401 || statusCode === 403) {
    return new DeliveryError(
      `Microsoft Teams refused the workflow URL with ${statusCode}${said}: the workflow's trigger must allow anyone to trigger the flow, or the URL's signature is no longer valid.`,
    );
  }
  if (statusCode === 404) {
    return new DeliveryError(
      `Microsoft Teams answered 404${said}: the workflow was deleted or turned off. Create a new one and paste its URL.`,
    );
  }
  return new DeliveryError(`Microsoft Teams answered ${statusCode}${said}.`);
}

/** Microsoft Teams through a Power Automate Workflows webhook: one Adaptive Card per notification. */
export const microsoftTeamsProvider = chatProvider(teamsMessage, teamsRefusal);
