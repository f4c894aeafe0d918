import { randomUUID } from "node:crypto";
import { type Answer, characters, isRecord, json } from "./fake-chat-webhooks.ts";
import { type ReceivedRequest, type Receiver, startReceiver } from "./receivers.ts";

/** How the fake answers an API key: takes its requests, or refuses them as Opsgenie can. */
export type OpsgenieKeyKind = "working" | "read-only" | "rate-limited" | "failing";

/** The Opsgenie instance a key belongs to: US at the fake's root, EU under /eu. */
export type OpsgenieInstance = "us" | "eu";

/** A request the fake took: what it asked for, of which alias, with which body. */
export interface OpsgenieRequest {
  instance: OpsgenieInstance;
  action: "create" | "close" | "acknowledge";
  alias: string;
  body: Record<string, unknown>;
}

export interface FakeOpsgenie extends Receiver {
  /** What OPSGENIE_API_URL and OPSGENIE_EU_API_URL are set to. */
  apiUrls: Record<OpsgenieInstance, string>;
  /** A new API integration key of an account on `instance` that answers as `kind` says. */
  keyFor(kind: OpsgenieKeyKind, instance?: OpsgenieInstance): string;
  /** The requests the fake took, in order. */
  accepted: OpsgenieRequest[];
  /** Each alias's alert, as Opsgenie would hold it once it processed the requests. */
  alerts: Map<string, "open" | "acknowledged" | "closed">;
}

const PRIORITIES = ["P1", "P2", "P3", "P4", "P5"];
const ALERT_PATH = /^(\/eu)?\/v2\/alerts(?:\/([^/?]+)\/(close|acknowledge))?(?:\?(.*))?$/;

const answer = (status: number, body: object) =>
  json(status, { ...body, took: 0.004, requestId: randomUUID() });
const unprocessable = (field: string, why: string) =>
  answer(422, {
    message: "Request body is not processable. Please check the errors.",
    errors: { [field]: why },
  });

/** Why a string field is longer than Opsgenie allows, or null. */
function tooLong(body: Record<string, unknown>, limits: Record<string, number>) {
  for (const [field, max] of Object.entries(limits)) {
    const value = body[field];
    if (value !== undefined && (typeof value !== "string" || characters(value) > max)) {
      return unprocessable(field, `${field} must be a string of at most ${max} characters.`);
    }
  }
  return null;
}

/** Why a create-alert body breaks the Alert API's documented rules, or null. */
function createProblem(body: Record<string, unknown>): Answer | null {
  if (typeof body.message !== "string" || !body.message.trim()) {
    return unprocessable("message", "Message can not be empty.");
  }
  const long = tooLong(body, {
    message: 130,
    alias: 512,
    description: 15_000,
    entity: 512,
    source: 100,
    user: 100,
    note: 25_000,
  });
  if (long) return long;
  if (body.priority !== undefined && !PRIORITIES.includes(String(body.priority))) {
    return unprocessable("priority", "Priority should be one of [P1, P2, P3, P4, P5].");
  }
  const { tags, details } = body;
  if (
    tags !== undefined &&
    !(Array.isArray(tags) && tags.length <= 20 && tags.every((tag) => characters(tag) <= 50))
  ) {
    return unprocessable("tags", "At most 20 tags of at most 50 characters each.");
  }
  if (details !== undefined) {
    if (!isRecord(details) || !Object.values(details).every((v) => typeof v === "string")) {
      return unprocessable("details", "Details must be a map of strings.");
    }
    const total = Object.entries(details).reduce(
      (sum, [key, value]) => sum + characters(key) + characters(value),
      0,
    );
    if (total > 8000) return unprocessable("details", "Details can hold at most 8000 characters.");
  }
  return null;
}

/** The body of a documented POST of JSON, or Opsgenie's answer. */
function bodyPosted(request: ReceivedRequest): { sent: Record<string, unknown> } | Answer {
  if (request.method !== "POST") return answer(405, { message: "Method Not Allowed" });
  if (!/^application\/json\b/.test(request.headers["content-type"] ?? "")) {
    return answer(415, { message: "Unsupported Media Type" });
  }
  try {
    const body: unknown = JSON.parse(request.body || "{}");
    return isRecord(body) ? { sent: body } : answer(400, { message: "Invalid JSON body" });
  } catch {
    return answer(400, { message: "Invalid JSON body" });
  }
}

/**
 * A loopback fake of Opsgenie's Alert API v2 with its US instance at the root and its EU one under
 * /eu: create (POST /v2/alerts), close and acknowledge by alias
 * (POST /v2/alerts/{alias}/{action}?identifierType=alias), each with `Authorization: GenieKey`,
 * answering 202 with a requestId as Opsgenie does; a key of the other instance or unknown 401, a
 * read-only integration's key 403, a body over the limits 422, and keys that answer 429 or 503.
 */
export async function startFakeOpsgenie(): Promise<FakeOpsgenie> {
  const accepted: OpsgenieRequest[] = [];
  const alerts = new Map<string, "open" | "acknowledged" | "closed">();
  const keys = new Map<string, { kind: OpsgenieKeyKind; instance: OpsgenieInstance }>();
  const receiver = await startReceiver((request): Answer => {
    const route = ALERT_PATH.exec(request.path);
    if (!route) return answer(404, { message: "Could not find handler" });
    const instance: OpsgenieInstance = route[1] ? "eu" : "us";
    const alias = route[2] === undefined ? null : decodeURIComponent(route[2]);
    const action = (route[3] ?? "create") as OpsgenieRequest["action"];
    const key = /^GenieKey (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    const owner = keys.get(key);
    if (!owner || owner.instance !== instance)
      return answer(401, { message: "Could not authenticate" });
    if (owner.kind === "read-only") {
      return answer(403, { message: "You are not authorized for this operation" });
    }
    if (owner.kind === "rate-limited") {
      return answer(429, {
        message:
          "You are making too many requests! To avoid errors, we recommend you limit requests.",
      });
    }
    if (owner.kind === "failing") return answer(503, { message: "Service Unavailable" });
    if (alias !== null && new URLSearchParams(route[4] ?? "").get("identifierType") !== "alias") {
      return answer(404, { message: "Alert does not exist" });
    }
    const posted = bodyPosted(request);
    if (!("sent" in posted)) return posted;
    const body = posted.sent;
    const problem =
      action === "create"
        ? createProblem(body)
        : tooLong(body, { user: 100, source: 100, note: 25_000 });
    if (problem) return problem;
    const aliasOf = alias ?? String(body.alias ?? randomUUID());
    accepted.push({ instance, action, alias: aliasOf, body });
    const current = alerts.get(aliasOf);
    // Opsgenie processes requests after answering: one for no open alert is taken, then dropped.
    if (action === "create" && current !== "open" && current !== "acknowledged") {
      alerts.set(aliasOf, "open");
    } else if (action !== "create" && current && current !== "closed") {
      alerts.set(aliasOf, action === "close" ? "closed" : "acknowledged");
    }
    return answer(202, { result: "Request will be processed" });
  });
  return {
    ...receiver,
    apiUrls: { us: receiver.url, eu: `${receiver.url}/eu` },
    accepted,
    alerts,
    keyFor: (kind, instance = "us") => {
      const key = randomUUID();
      keys.set(key, { kind, instance });
      return key;
    },
  };
}
