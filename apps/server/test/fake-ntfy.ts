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

/**
 * How a topic answers: open to anyone, publishable only with the fake's write token, rate
 * limited, out of room (507), or failing.
 */
export type NtfyTopicKind = "working" | "protected" | "rate-limited" | "full" | "failing";

export interface FakeNtfy extends FakePushService<NtfyTopicKind> {
  /** An access token whose user may publish to every topic. */
  writeToken: string;
  /** An access token whose user may only read. */
  readOnlyToken: string;
}

const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;
/** The fields ntfy documents for publishing as JSON. */
const FIELDS = [
  "topic",
  "message",
  "title",
  "tags",
  "priority",
  "actions",
  "click",
  "attach",
  "markdown",
  "icon",
  "filename",
  "delay",
  "email",
  "call",
];
const LINK = "https://ntfy.sh/docs/publish/";
const error = (code: number, http: number, words: string): Answer =>
  json(http, { code, http, error: words, link: LINK });
const badRequest = (words: string) => error(40024, 400, `invalid request: ${words}`);

/** Why a published message breaks ntfy's documented rules, or null when it keeps them. */
function messageProblem(body: Record<string, unknown>): string | null {
  const extra = unknownFields(body, FIELDS);
  if (extra.length > 0) return `unknown fields ${extra.join(", ")}`;
  const { message, title, tags, priority, click, actions } = body;
  if (typeof message !== "string" || message === "") return "message must be text";
  // ntfy keeps a longer message as an attachment instead of showing it.
  if (Buffer.byteLength(message) > 4096) return "message is over 4,096 bytes";
  if (title !== undefined && typeof title !== "string") return "title must be text";
  if (characters(title) > 256) return "title is unreadably long";
  if (priority !== undefined && !(isWholeNumber(priority) && priority >= 1 && priority <= 5)) {
    return "priority must be 1 to 5";
  }
  if (
    tags !== undefined &&
    !(Array.isArray(tags) && tags.every((tag) => typeof tag === "string"))
  ) {
    return "tags must be a list of text";
  }
  if (click !== undefined && !(typeof click === "string" && /^https?:\/\//.test(click))) {
    return "click must be a URL";
  }
  if (actions !== undefined) {
    if (!Array.isArray(actions) || actions.length > 3) return "actions: at most 3";
    for (const action of actions as Array<Record<string, unknown>>) {
      if (action.action !== "view" || typeof action.label !== "string") return "actions invalid";
      if (typeof action.url !== "string" || !/^https?:\/\//.test(action.url)) {
        return "a view action needs a URL";
      }
    }
  }
  return null;
}

/**
 * A fake ntfy server: publishing as JSON is a POST to the root with the topic in the body; a
 * topic may need a bearer access token with write access; answers are ntfy's own, its errors
 * `{code, http, error, link}`; a message taken is kept in `accepted` and answered as ntfy does.
 */
export async function startFakeNtfy(): Promise<FakeNtfy> {
  const topics = secretKinds<NtfyTopicKind>(20, "upwatch-");
  const writeToken = `tk_${secretKinds(29).secretFor("write")}`;
  const readOnlyToken = `tk_${secretKinds(29).secretFor("read")}`;
  const accepted: Record<string, unknown>[] = [];
  const receiver = await startReceiver((request): Answer => {
    if (request.path !== "/") return error(40401, 404, "page not found");
    const body = postedJsonObject(request);
    if (typeof body === "string")
      return error(40017, 400, "invalid request: request body must be message JSON");
    const authorization = request.headers.authorization;
    const token = authorization?.replace(/^Bearer /, "");
    if (authorization !== undefined && token !== writeToken && token !== readOnlyToken) {
      return error(40101, 401, "unauthorized");
    }
    if (typeof body.topic !== "string" || !TOPIC.test(body.topic)) {
      return error(40009, 400, "invalid request: topic invalid");
    }
    const kind = topics.kindOf(body.topic) ?? "working";
    if (kind === "protected" && token !== writeToken) return error(40301, 403, "forbidden");
    if (kind === "rate-limited") {
      return error(42901, 429, "limit reached: too many requests, please be nice");
    }
    if (kind === "full") {
      return error(
        50701,
        507,
        "cannot publish to UnifiedPush topic without previously active subscriber",
      );
    }
    if (kind === "failing") return error(50001, 500, "internal server error");
    const problem = messageProblem(body);
    if (problem) return badRequest(problem);
    accepted.push(body);
    return json(200, {
      id: `m${accepted.length}`,
      time: Math.floor(Date.now() / 1000),
      event: "message",
      ...body,
    });
  });
  return {
    ...receiver,
    accepted,
    writeToken,
    readOnlyToken,
    secretFor: topics.secretFor,
    kindOf: topics.kindOf,
  };
}
