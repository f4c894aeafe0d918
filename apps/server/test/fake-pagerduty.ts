import { randomBytes } from "node:crypto";
import { type Answer, characters, isRecord, json } from "./fake-chat-webhooks.ts";
import { type ReceivedRequest, type Receiver, startReceiver } from "./receivers.ts";

/** How the fake answers an integration key: takes its events, or refuses them as PagerDuty can. */
export type PagerDutyKeyKind = "working" | "rate-limited" | "failing";

/** An event the fake took, as sent. */
export type PagerDutyEvent = Record<string, unknown> & {
  routing_key: string;
  event_action: "trigger" | "acknowledge" | "resolve";
  dedup_key: string;
};

/** What an incident keyed on a dedup key is in the fake, after the events it took. */
export type IncidentState = "triggered" | "acknowledged" | "resolved";

export interface FakePagerDuty extends Receiver {
  /** What PAGERDUTY_EVENTS_URL is set to. */
  eventsUrl: string;
  /** A new integration key that answers as `kind` says. */
  keyFor(kind: PagerDutyKeyKind): string;
  /** The events the fake took, in order. */
  accepted: PagerDutyEvent[];
  /** Each dedup key's incident, as PagerDuty would hold it. */
  incidents: Map<string, IncidentState>;
}

const SEVERITIES = ["critical", "error", "warning", "info"];
const ACTIONS = ["trigger", "acknowledge", "resolve"];
const invalid = (...errors: string[]) =>
  json(400, { status: "invalid event", message: "Event object is invalid", errors });

/** Why an event breaks the Events API v2's documented rules, or null when it keeps them. */
function eventProblem(event: Record<string, unknown>): string | null {
  const { routing_key: key, event_action: action, dedup_key: dedup, payload, links } = event;
  if (typeof key !== "string" || characters(key) !== 32) {
    return "Length of 'routing_key' is incorrect (should be 32 characters)";
  }
  if (!/^[A-Za-z0-9]+$/.test(key))
    return "'routing_key' cannot contain non-alphanumeric characters.";
  if (!ACTIONS.includes(String(action))) return "'event_action' is invalid";
  if (dedup !== undefined && (typeof dedup !== "string" || characters(dedup) > 255)) {
    return "'dedup_key' must be a string of at most 255 characters";
  }
  if (action !== "trigger") {
    return typeof dedup === "string" && dedup ? null : "'dedup_key' is missing or blank";
  }
  if (!isRecord(payload)) return "'payload' is missing or blank";
  if (typeof payload.summary !== "string" || !payload.summary.trim()) {
    return "'payload.summary' is missing or blank";
  }
  if (characters(payload.summary) > 1024) return "'payload.summary' is too long";
  if (typeof payload.source !== "string" || !payload.source.trim()) {
    return "'payload.source' is missing or blank";
  }
  if (!SEVERITIES.includes(String(payload.severity))) return "'payload.severity' is invalid";
  if (payload.timestamp !== undefined && Number.isNaN(Date.parse(String(payload.timestamp)))) {
    return "'payload.timestamp' is invalid";
  }
  if (payload.custom_details !== undefined && !isRecord(payload.custom_details)) {
    return "'payload.custom_details' must be an object";
  }
  if (
    links !== undefined &&
    !(
      Array.isArray(links) && links.every((link) => isRecord(link) && typeof link.href === "string")
    )
  ) {
    return "'links' must be a list of objects with an href";
  }
  return null;
}

/** The event of a request that is the documented POST of JSON, or PagerDuty's answer. */
function eventPosted(request: ReceivedRequest): { event: Record<string, unknown> } | Answer {
  if (request.method !== "POST" || request.path !== "/v2/enqueue") {
    return json(404, { status: "Not Found", message: "Not Found" });
  }
  if (!/^application\/json\b/.test(request.headers["content-type"] ?? "")) {
    return invalid("Content-Type must be application/json");
  }
  if (Buffer.byteLength(request.body) > 512 * 1024) return json(413, { status: "Too Large" });
  try {
    const event: unknown = JSON.parse(request.body);
    return isRecord(event) ? { event } : invalid("Event object is not an object");
  } catch {
    return json(400, { status: "invalid request", message: "Event object is invalid" });
  }
}

/**
 * A loopback fake of PagerDuty's Events API v2: POST /v2/enqueue of an event kept to the
 * documented rules answers 202 and moves the incident of its dedup key, as PagerDuty does
 * (acknowledge and resolve of no open incident are dropped); a key it never handed out is an
 * invalid routing key (400), and keys can be handed out that answer 429 or 500.
 */
export async function startFakePagerDuty(): Promise<FakePagerDuty> {
  const accepted: PagerDutyEvent[] = [];
  const incidents = new Map<string, IncidentState>();
  const kinds = new Map<string, PagerDutyKeyKind>();
  const receiver = await startReceiver((request): Answer => {
    const posted = eventPosted(request);
    if (!("event" in posted)) return posted;
    const { event } = posted;
    const problem = eventProblem(event);
    if (problem) return invalid(problem);
    const kind = kinds.get(String(event.routing_key));
    if (kind === undefined) return invalid("Invalid routing key");
    if (kind === "rate-limited") {
      return json(429, {
        status: "throttle event",
        message: "Requests for this service are arriving too quickly. Please retry later.",
      });
    }
    if (kind === "failing") return { status: 500, body: "Internal Server Error" };
    const taken = event as PagerDutyEvent;
    accepted.push(taken);
    const open = incidents.get(taken.dedup_key);
    if (taken.event_action === "trigger" && open !== "acknowledged") {
      incidents.set(taken.dedup_key, "triggered");
    } else if (taken.event_action !== "trigger" && open && open !== "resolved") {
      incidents.set(
        taken.dedup_key,
        taken.event_action === "resolve" ? "resolved" : "acknowledged",
      );
    }
    return json(202, {
      status: "success",
      message: "Event processed",
      dedup_key: taken.dedup_key,
    });
  });
  return {
    ...receiver,
    eventsUrl: `${receiver.url}/v2/enqueue`,
    accepted,
    incidents,
    keyFor: (kind) => {
      const key = randomBytes(16).toString("hex");
      kinds.set(key, kind);
      return key;
    },
  };
}
