import type { PostAnswer } from "@upwatch/checks";
import { type AlertSeverity, PRODUCT_NAME } from "@upwatch/core";
import { describeDuration } from "../../alerting/index.ts";
import {
  type Delivery,
  DeliveryError,
  type DeliveryReceipt,
  type NotificationProvider,
  type ProviderDeps,
} from "../provider.ts";
import { answerField, answerWords } from "./error-answer.ts";
import { type PagingContent, pagingContent, pagingKey } from "./paging-content.ts";
import { sendJson } from "./post-json.ts";
import { shorten } from "./shorten.ts";

/** The Opsgenie instance an account is on. */
type OpsgenieRegion = "us" | "eu";

/** Where the server sends Opsgenie requests for each instance: OPSGENIE_API_URL, OPSGENIE_EU_API_URL. */
export interface OpsgenieClient {
  apiUrls: Record<OpsgenieRegion, string>;
}

/** The Alert API's documented limits, in characters. */
export const OPSGENIE_LIMITS = {
  message: 130,
  alias: 512,
  description: 15_000,
  entity: 512,
  source: 100,
  tags: 20,
  tag: 50,
  /** Every detail's key and value together. */
  details: 8000,
  note: 25_000,
} as const;

/** Each detail's value is cut to this, so that ten facts stay well inside the total. */
export const OPSGENIE_DETAIL_VALUE = 500;

/** Opsgenie's priorities: P1 pages at once, P5 is for information. */
export const OPSGENIE_PRIORITIES: Record<AlertSeverity, "P1" | "P3" | "P5"> = {
  critical: "P1",
  warning: "P3",
  info: "P5",
};

/** What the check saw, the facts one per line, and the link, which is kept whole. */
function description(content: PagingContent): string {
  const facts = Object.entries(content.facts).map(([name, value]) => `${name}: ${value}`);
  const body = [content.detail, facts.join("\n")].filter(Boolean).join("\n\n");
  if (!content.alertUrl) return shorten(body, OPSGENIE_LIMITS.description);
  const link = `View alert: ${content.alertUrl}`;
  if (!body) return link;
  const room = OPSGENIE_LIMITS.description - Array.from(link).length - 2;
  return `${shorten(body, room)}\n\n${link}`;
}

/** The create-alert body: aliased on the alert, its priority from the severity, the facts as details. */
export function opsgenieAlert(delivery: Delivery) {
  const content = pagingContent(delivery, "This Opsgenie account");
  const details: Record<string, string> = {};
  for (const [name, value] of Object.entries(content.facts)) {
    details[name] = shorten(value, OPSGENIE_DETAIL_VALUE);
  }
  if (content.alertUrl) details["Alert page"] = content.alertUrl;
  return {
    message: shorten(content.summary, OPSGENIE_LIMITS.message),
    alias: content.key,
    description: description(content),
    priority: OPSGENIE_PRIORITIES[content.severity],
    entity: shorten(content.subject, OPSGENIE_LIMITS.entity),
    source: PRODUCT_NAME,
    tags: [PRODUCT_NAME.toLowerCase(), content.kind, content.severity],
    details,
  };
}

/** The note an alert's close or acknowledgement carries into Opsgenie's log. */
function noteOf(delivery: Delivery): string {
  const { event, message } = delivery;
  if (event === "alert.acknowledged") return `Acknowledged in ${PRODUCT_NAME}.`;
  if (event === "test") return `Closed by ${PRODUCT_NAME}: it was a test.`;
  const lasted = message.openForMs === null ? "" : ` after ${describeDuration(message.openForMs)}`;
  return shorten(`${message.summary}${lasted}.`, OPSGENIE_LIMITS.note);
}

/** The delivery log's sentence for an answer other than 2xx. */
export function opsgenieRefusal(answer: PostAnswer): DeliveryError {
  const status = answer.statusCode;
  const words = answerWords(answer, "message");
  const reason = words === null ? "" : `: ${words}`;
  const sentences: Record<number, string> = {
    401: `Opsgenie did not accept the API key (401${reason}): copy the key of an API integration that is turned on, and choose the instance, US or EU, the account is on.`,
    402: `Opsgenie refused the request under the account's Opsgenie plan (402${reason}).`,
    403: `Opsgenie refused the request (403${reason}): give the API integration Create and Update Access in Opsgenie.`,
    429: `Opsgenie limited the rate of requests from this API key (429) and did not take this one.`,
  };
  if (sentences[status]) return new DeliveryError(sentences[status]);
  if (status === 422) {
    const errors = answerField(answer, "errors");
    const listed =
      typeof errors === "object" && errors !== null
        ? Object.entries(errors as Record<string, unknown>).map(
            ([field, why]) => `${field}: ${String(why)}`,
          )
        : [];
    const why =
      listed.length > 0 ? `: ${listed.join("; ").slice(0, 300).replace(/\.$/, "")}` : reason;
    return new DeliveryError(`Opsgenie refused the alert as invalid (422)${why}.`);
  }
  if (status >= 500) {
    return new DeliveryError(
      `Opsgenie could not take the request (${status}), a problem on Opsgenie's side; it was not sent again.`,
    );
  }
  return new DeliveryError(`Opsgenie answered ${status}${reason}.`);
}

async function request(
  delivery: Delivery,
  path: string,
  body: object,
  deps: ProviderDeps<OpsgenieClient>,
): Promise<DeliveryReceipt> {
  if (!deps.client) throw new DeliveryError("Opsgenie is not set up on this server.");
  const region: OpsgenieRegion = delivery.channel.config.region === "eu" ? "eu" : "us";
  const answer = await sendJson(
    {
      url: `${deps.client.apiUrls[region]}${path}`,
      headers: { authorization: `GenieKey ${delivery.channel.config.api_key ?? ""}` },
      body,
    },
    deps,
  );
  if (answer.statusCode < 200 || answer.statusCode >= 300) throw opsgenieRefusal(answer);
  return { kind: "delivered" };
}

/** Closes or acknowledges the alert by its alias, with a note saying why. */
function follow(action: "close" | "acknowledge") {
  return (delivery: Delivery, deps: ProviderDeps<OpsgenieClient>) => {
    const alias = encodeURIComponent(pagingKey(delivery));
    const body = { user: PRODUCT_NAME, source: PRODUCT_NAME, note: noteOf(delivery) };
    return request(delivery, `/v2/alerts/${alias}/${action}?identifierType=alias`, body, deps);
  };
}

const close = follow("close");

/**
 * Opsgenie's Alert API: an alert creates an Opsgenie alert aliased on it, which Upwatch
 * acknowledges and closes with it. Opsgenie answers 202 and processes requests afterwards. A
 * test creates a P5 alert and closes it at once.
 */
export const opsgenieProvider: NotificationProvider<OpsgenieClient> = {
  setUp: {
    client: (config) => ({ apiUrls: config.paging.opsgenieApiUrls }),
    missing: "Opsgenie is not set up on this server.",
  },
  sendAlert: async (delivery, deps) => {
    const receipt = await request(delivery, "/v2/alerts", opsgenieAlert(delivery), deps);
    return delivery.event === "test" ? close(delivery, deps) : receipt;
  },
  sendRecovery: close,
  sendAcknowledgement: follow("acknowledge"),
};
