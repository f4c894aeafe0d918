import type { PostAnswer } from "@upwatch/checks";
import { PRODUCT_NAME } from "@upwatch/core";
import {
  type Delivery,
  DeliveryError,
  type DeliveryReceipt,
  type NotificationProvider,
  type ProviderDeps,
} from "../provider.ts";
import { answerField, answerWords } from "./error-answer.ts";
import { pagingContent, pagingKey } from "./paging-content.ts";
import { sendJson } from "./post-json.ts";
import { shorten } from "./shorten.ts";

/** Where the server sends PagerDuty events: PAGERDUTY_EVENTS_URL. */
export interface PagerDutyClient {
  eventsUrl: string;
}

/** The Events API v2's documented limits, in characters. */
export const PAGERDUTY_LIMITS = { summary: 1024, dedupKey: 255 } as const;

type EventAction = "trigger" | "acknowledge" | "resolve";

/**
 * The trigger event of a notification: deduplicated on the alert, with the summary, where the
 * problem is, the severity as it is, the facts as custom details and a link to the alert.
 */
export function pagerDutyTrigger(delivery: Delivery, routingKey: string) {
  const content = pagingContent(delivery, "This PagerDuty service");
  const details =
    content.detail === null ? content.facts : { ...content.facts, Check: content.detail };
  return {
    routing_key: routingKey,
    event_action: "trigger" as const,
    dedup_key: content.key,
    payload: {
      summary: shorten(content.summary, PAGERDUTY_LIMITS.summary),
      source: content.source,
      severity: content.severity,
      timestamp: content.timestamp,
      component: content.subject,
      custom_details: details,
    },
    client: PRODUCT_NAME,
    ...(content.alertUrl
      ? {
          client_url: content.alertUrl,
          links: [{ href: content.alertUrl, text: `View alert in ${PRODUCT_NAME}` }],
        }
      : {}),
  };
}

/** The delivery log's sentence for an answer other than 2xx. */
export function pagerDutyRefusal(answer: PostAnswer): DeliveryError {
  const status = answer.statusCode;
  if (status === 429) {
    return new DeliveryError(
      "PagerDuty limited the rate of events for this integration key (429) and did not take this one.",
    );
  }
  if (status >= 500) {
    return new DeliveryError(
      `PagerDuty could not take the event (${status}), a problem on PagerDuty's side; it was not sent again.`,
    );
  }
  const errors = answerField(answer, "errors");
  const listed = Array.isArray(errors) ? errors.filter((e) => typeof e === "string") : [];
  if (status === 400) {
    const why = listed.length > 0 ? `: ${listed.join("; ").slice(0, 300).replace(/\.$/, "")}` : "";
    const key = /routing.?key/i.test(listed.join(" "))
      ? " Copy the integration key again from the service's Events API V2 integration in PagerDuty."
      : "";
    return new DeliveryError(`PagerDuty refused the event as invalid (400)${why}.${key}`);
  }
  const words = answerWords(answer, "message");
  const reason = words === null ? "" : `: ${words}`;
  return new DeliveryError(`PagerDuty answered ${status}${reason}.`);
}

async function sendEvent(event: object, deps: ProviderDeps<PagerDutyClient>): Promise<void> {
  if (!deps.client) throw new DeliveryError("PagerDuty is not set up on this server.");
  const answer = await sendJson({ url: deps.client.eventsUrl, body: event }, deps);
  if (answer.statusCode < 200 || answer.statusCode >= 300) throw pagerDutyRefusal(answer);
}

/** An acknowledge or resolve event for the alert's incident. */
function follow(action: EventAction) {
  return async (
    delivery: Delivery,
    deps: ProviderDeps<PagerDutyClient>,
  ): Promise<DeliveryReceipt> => {
    const routingKey = delivery.channel.config.routing_key ?? "";
    await sendEvent(
      { routing_key: routingKey, event_action: action, dedup_key: pagingKey(delivery) },
      deps,
    );
    return { kind: "delivered" };
  };
}

const resolve = follow("resolve");

/**
 * PagerDuty's Events API v2: an alert triggers an incident keyed on the alert, which Upwatch
 * acknowledges and resolves with it. A test triggers an Info incident and resolves it at once.
 */
export const pagerDutyProvider: NotificationProvider<PagerDutyClient> = {
  setUp: {
    client: (config) => ({ eventsUrl: config.paging.pagerDutyEventsUrl }),
    missing: "PagerDuty is not set up on this server.",
  },
  sendAlert: async (delivery, deps) => {
    const routingKey = delivery.channel.config.routing_key ?? "";
    await sendEvent(pagerDutyTrigger(delivery, routingKey), deps);
    if (delivery.event === "test") await resolve(delivery, deps);
    return { kind: "delivered" };
  },
  sendRecovery: resolve,
  sendAcknowledgement: follow("acknowledge"),
};
