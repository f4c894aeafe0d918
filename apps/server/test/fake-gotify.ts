import { isRecord, json } from "./fake-chat-webhooks.ts";
import {
  type Answer,
  type FakePushService,
  isWholeNumber,
  postedJsonObject,
  secretKinds,
  unknownFields,
} from "./fake-push-service.ts";
import { startReceiver } from "./receivers.ts";

/** How an application token answers: it works, a proxy in front limits the rate, or it fails. */
export type GotifyTokenKind = "working" | "rate-limited" | "failing";

export interface FakeGotify extends FakePushService<GotifyTokenKind> {
  /** A client's token: it reads messages, and may not send them. */
  clientToken: string;
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  429: "Too Many Requests",
  500: "Internal Server Error",
};
const error = (status: number, description: string): Answer =>
  json(status, {
    error: STATUS_TEXT[status] ?? "Error",
    errorCode: status,
    errorDescription: description,
  });
const UNAUTHORIZED =
  "you need to provide a valid access token or user credentials to access this api";

/** Why a message breaks Gotify's documented model, or null when it keeps it. */
function messageProblem(body: Record<string, unknown>): string | null {
  const extra = unknownFields(body, ["title", "message", "priority", "extras"]);
  if (extra.length > 0) return `Unknown fields ${extra.join(", ")}`;
  if (typeof body.message !== "string" || body.message === "") {
    return "Field 'message' is required";
  }
  if (body.title !== undefined && typeof body.title !== "string") return "title must be text";
  if (body.priority !== undefined && !isWholeNumber(body.priority)) {
    return "priority must be a whole number";
  }
  const extras = body.extras;
  if (extras === undefined) return null;
  if (!isRecord(extras)) return "extras must be an object";
  for (const [key, value] of Object.entries(extras)) {
    if (!/^[a-z]+::[a-z]+(::[a-z]+)?$/.test(key) || !isRecord(value)) {
      return `extras key ${key} is not namespaced as <top>::[<sub>::]<action>`;
    }
  }
  const display = extras["client::display"];
  if (isRecord(display) && !["text/plain", "text/markdown"].includes(String(display.contentType))) {
    return "client::display contentType must be text/plain or text/markdown";
  }
  const notification = extras["client::notification"];
  if (isRecord(notification)) {
    const click = notification.click;
    if (!isRecord(click) || typeof click.url !== "string") {
      return "client::notification click must have a url";
    }
  }
  return null;
}

/**
 * A fake Gotify server: POST /message with an application token in the X-Gotify-Key header and
 * a JSON message answers 200 with the stored message; an unknown or client token answers 401 in
 * Gotify's `{error, errorCode, errorDescription}`. A token in the query string, which Gotify
 * would take but which ends up in access logs, is refused so that tests notice it.
 */
export async function startFakeGotify(): Promise<FakeGotify> {
  const tokens = secretKinds<GotifyTokenKind>(14, "A");
  const clientToken = secretKinds(14, "C").secretFor("client");
  const accepted: Record<string, unknown>[] = [];
  const receiver = await startReceiver((request): Answer => {
    const url = new URL(request.path, "http://fake");
    if (url.search !== "") return error(400, "the token must not travel in the query string");
    if (url.pathname !== "/message") return error(404, "page not found");
    const token = request.headers["x-gotify-key"];
    const kind = typeof token === "string" ? tokens.kindOf(token) : undefined;
    if (kind === undefined) return error(401, UNAUTHORIZED);
    if (kind === "rate-limited") return error(429, "too many requests");
    if (kind === "failing") return error(500, "database is locked");
    const body = postedJsonObject(request);
    if (typeof body === "string") return error(400, body);
    const problem = messageProblem(body);
    if (problem) return error(400, problem);
    accepted.push(body);
    return json(200, {
      id: accepted.length,
      appid: 1,
      ...body,
      date: new Date().toISOString(),
    });
  });
  return {
    ...receiver,
    accepted,
    clientToken,
    secretFor: tokens.secretFor,
    kindOf: tokens.kindOf,
  };
}
