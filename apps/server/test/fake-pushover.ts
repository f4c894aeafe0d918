import { randomUUID } from "node:crypto";
import { characters, json } from "./fake-chat-webhooks.ts";
import {
  type Answer,
  type FakePushService,
  isWholeNumber,
  postedJsonObject,
  secretKinds,
  unknownFields,
} from "./fake-push-service.ts";
import { startReceiver } from "./receivers.ts";

/** How a user key answers: it works, its application is over its monthly limit, or it fails. */
export type PushoverUserKind = "working" | "over-limit" | "failing";

/** An emergency the fake took, repeating until acknowledged, expired or cancelled. */
export interface FakeEmergency {
  receipt: string;
  tags: string[];
  cancelled: boolean;
}

export interface FakePushover extends FakePushService<PushoverUserKind> {
  /** The one application token the fake knows. */
  appToken: string;
  /** The devices every user has. */
  devices: readonly string[];
  emergencies: FakeEmergency[];
}

const KEY = /^[A-Za-z0-9]{30}$/;
/** The parameters Pushover documents for a message. */
const FIELDS = [
  "token",
  "user",
  "message",
  "title",
  "device",
  "html",
  "monospace",
  "priority",
  "sound",
  "timestamp",
  "ttl",
  "url",
  "url_title",
  "retry",
  "expire",
  "callback",
  "tags",
];

const refused = (status: number, fields: Record<string, string>, errors: string[]): Answer =>
  json(status, { ...fields, errors, status: 0, request: randomUUID() });
const invalid = (field: string, words: string) => refused(400, { [field]: "invalid" }, [words]);

/** Why a message breaks Pushover's documented rules, or null when it keeps them. */
function messageProblem(body: Record<string, unknown>): Answer | null {
  const extra = unknownFields(body, FIELDS);
  if (extra.length > 0) return invalid(extra[0]!, `${extra[0]} is not a known parameter`);
  const { message, title, url, url_title: urlTitle, priority, retry, expire, timestamp } = body;
  if (typeof message !== "string" || message.trim() === "") {
    return invalid("message", "message cannot be blank");
  }
  if (characters(message) > 1024) return invalid("message", "message is too long");
  if (title !== undefined && (typeof title !== "string" || characters(title) > 250)) {
    return invalid("title", "title is too long");
  }
  if (url !== undefined && (typeof url !== "string" || characters(url) > 512)) {
    return invalid("url", "url is too long");
  }
  if (urlTitle !== undefined && (typeof urlTitle !== "string" || characters(urlTitle) > 100)) {
    return invalid("url_title", "url_title is too long");
  }
  if (timestamp !== undefined && !isWholeNumber(timestamp)) {
    return invalid("timestamp", "timestamp is invalid");
  }
  if (priority !== undefined && !(isWholeNumber(priority) && priority >= -2 && priority <= 2)) {
    return invalid("priority", "priority is invalid");
  }
  if (priority === 2) {
    if (!isWholeNumber(retry) || retry < 30) return invalid("retry", "retry must be at least 30");
    if (!isWholeNumber(expire) || expire > 10800) {
      return invalid("expire", "expire must be at most 10800");
    }
  }
  return null;
}

/**
 * A fake of Pushover's message API: POST /1/messages.json with a JSON body holding the
 * application token and a user key, kept to Pushover's limits, answers {status: 1, request} (and
 * a receipt for an emergency); a wrong token, key or device answers 400 with the field marked
 * "invalid" and the errors listed, as Pushover does. POST /1/receipts/cancel_by_tag/{tag}.json
 * stops the emergencies carrying the tag.
 */
export async function startFakePushover(): Promise<FakePushover> {
  const users = secretKinds<PushoverUserKind>(30);
  const appToken = secretKinds(30).secretFor("app");
  const devices = ["iphone", "desktop"] as const;
  const accepted: Record<string, unknown>[] = [];
  const emergencies: FakeEmergency[] = [];
  const receiver = await startReceiver((request): Answer => {
    const body = postedJsonObject(request);
    if (typeof body === "string") return refused(400, {}, [body]);
    if (body.token !== appToken || !KEY.test(String(body.token))) {
      return invalid("token", "application token is invalid");
    }
    const cancel = /^\/1\/receipts\/cancel_by_tag\/([^/]+)\.json$/.exec(request.path);
    if (cancel) {
      const tag = decodeURIComponent(cancel[1]!);
      const matching = emergencies.filter((one) => !one.cancelled && one.tags.includes(tag));
      for (const one of matching) one.cancelled = true;
      return json(200, { status: 1, canceled: matching.length, request: randomUUID() });
    }
    if (request.path !== "/1/messages.json") return refused(404, {}, ["not found"]);
    const kind = typeof body.user === "string" ? users.kindOf(body.user) : undefined;
    if (kind === undefined) {
      return invalid("user", "user identifier is not a valid user, group, or subscribed user key");
    }
    if (kind === "over-limit") {
      return refused(429, {}, ["application has exceeded its monthly message limit"]);
    }
    if (kind === "failing") return { status: 500, body: "Internal Server Error" };
    const device = body.device;
    if (
      device !== undefined &&
      !String(device)
        .split(",")
        .every((name) => (devices as readonly string[]).includes(name))
    ) {
      return invalid("device", "device name is not valid for user");
    }
    const problem = messageProblem(body);
    if (problem) return problem;
    accepted.push(body);
    if (body.priority !== 2) return json(200, { status: 1, request: randomUUID() });
    const receipt = secretKinds(30).secretFor("receipt");
    const tags = typeof body.tags === "string" ? body.tags.split(",") : [];
    emergencies.push({ receipt, tags, cancelled: false });
    return json(200, { status: 1, request: randomUUID(), receipt });
  });
  return {
    ...receiver,
    accepted,
    appToken,
    devices,
    emergencies,
    secretFor: users.secretFor,
    kindOf: users.kindOf,
  };
}
