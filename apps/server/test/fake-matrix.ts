import { randomBytes } from "node:crypto";
import { type Answer, isRecord, json } from "./fake-chat-webhooks.ts";
import { type ReceivedRequest, type Receiver, startReceiver } from "./receivers.ts";

/** How an access token answers: it works, or it meets one of the homeserver's refusals. */
export type MatrixTokenKind = "working" | "signed-out" | "rate-limited" | "failing";

/** A message the fake accepted into a room. */
export interface MatrixMessage {
  roomId: string;
  txnId: string;
  content: Record<string, unknown>;
}

/** A fake Matrix homeserver's client API, with the bot's tokens and rooms it knows. */
export interface FakeMatrix extends Receiver {
  /** An access token of the bot user that answers as `kind` says. */
  tokenFor(kind: MatrixTokenKind): string;
  /** The ID of a room the bot user has joined. */
  joinedRoom(): string;
  /** The ID of a room the bot user was never invited to. */
  readonly strangerRoom: string;
  accepted: MatrixMessage[];
  /** How many sends repeated a transaction already taken, which posted nothing again. */
  repeats: number;
}

/** The spec's limit on a whole event, in bytes. */
export const MATRIX_EVENT_LIMIT = 65_536;
const SERVER = "example.org";
const BOT = `@upwatch:${SERVER}`;
const SEND = /^\/_matrix\/client\/v3\/rooms\/([^/]+)\/send\/m\.room\.message\/([^/]+)$/;
/** The tags the spec recommends clients allow in formatted bodies. */
const HTML_TAGS = new Set(
  "font del h1 h2 h3 h4 h5 h6 blockquote p a ul ol sup sub li b i u strong em s code hr br div table thead tbody tr th td caption pre span img details summary".split(
    " ",
  ),
);

const error = (status: number, errcode: string, message: string, extra: object = {}) =>
  json(status, { errcode, error: message, ...extra });

/** Why a message's content breaks the spec's rules for m.text, or null when it keeps them. */
function contentProblem(content: Record<string, unknown>, bytes: number): Answer | null {
  if (bytes > MATRIX_EVENT_LIMIT) return error(413, "M_TOO_LARGE", "event too large");
  if (content.msgtype !== "m.text") return error(400, "M_BAD_JSON", "msgtype must be m.text");
  if (typeof content.body !== "string" || !content.body.trim()) {
    return error(400, "M_BAD_JSON", "'body' not a non-empty string");
  }
  if (content.formatted_body === undefined) return null;
  if (content.format !== "org.matrix.custom.html" || typeof content.formatted_body !== "string") {
    return error(400, "M_BAD_JSON", "formatted_body needs format org.matrix.custom.html");
  }
  for (const [, name] of content.formatted_body.matchAll(/<\/?([a-zA-Z0-9-]+)/g)) {
    if (!HTML_TAGS.has(String(name).toLowerCase())) {
      return error(400, "M_BAD_JSON", `formatted_body holds <${name}>, which clients strip`);
    }
  }
  return null;
}

function parsedContent(request: ReceivedRequest): { content: Record<string, unknown> } | Answer {
  if (request.method !== "PUT") return error(405, "M_UNRECOGNIZED", "Unrecognized request");
  if (!/^application\/json\b/.test(request.headers["content-type"] ?? "")) {
    return error(400, "M_NOT_JSON", "Content not JSON.");
  }
  try {
    const content: unknown = JSON.parse(request.body);
    if (isRecord(content)) return { content };
  } catch {}
  return error(400, "M_NOT_JSON", "Content not JSON.");
}

/**
 * A fake homeserver taking PUT /_matrix/client/v3/rooms/{roomId}/send/m.room.message/{txnId}
 * with `Authorization: Bearer <token>`: 200 with an event_id for a joined room, 401
 * M_UNKNOWN_TOKEN or M_MISSING_TOKEN, 403 M_FORBIDDEN for a room the bot is not in, 429
 * M_LIMIT_EXCEEDED with retry_after_ms, 500 for a token told to fail. A repeated transaction
 * answers its first event_id and posts nothing, as homeservers do; one reused for other
 * content is refused, so a transaction id used for two messages is caught.
 */
export async function startFakeMatrix(): Promise<FakeMatrix> {
  const accepted: MatrixMessage[] = [];
  const tokens = new Map<string, MatrixTokenKind>();
  const rooms = new Set<string>();
  const transactions = new Map<string, { eventId: string; body: string }>();
  const fake = { repeats: 0 };
  const receiver = await startReceiver((request) => {
    const path = SEND.exec(request.path);
    if (!path) return error(404, "M_UNRECOGNIZED", "Unrecognized request");
    const authorization = request.headers.authorization;
    if (!authorization) return error(401, "M_MISSING_TOKEN", "Missing access token.");
    const kind = tokens.get(/^Bearer (\S+)$/.exec(authorization)?.[1] ?? "");
    if (kind === undefined || kind === "signed-out") {
      return error(401, "M_UNKNOWN_TOKEN", "Invalid access token passed.", { soft_logout: false });
    }
    if (kind === "rate-limited") {
      return error(429, "M_LIMIT_EXCEEDED", "Too Many Requests", { retry_after_ms: 2300 });
    }
    if (kind === "failing") return error(500, "M_UNKNOWN", "Internal server error");
    const roomId = decodeURIComponent(path[1] ?? "");
    const txnId = decodeURIComponent(path[2] ?? "");
    if (!rooms.has(roomId)) {
      return error(403, "M_FORBIDDEN", `User ${BOT} not in room ${roomId}`);
    }
    const parsed = parsedContent(request);
    if (!("content" in parsed)) return parsed;
    const problem = contentProblem(parsed.content, Buffer.byteLength(request.body));
    if (problem) return problem;
    const key = `${authorization} ${txnId}`;
    const earlier = transactions.get(key);
    if (earlier && earlier.body !== request.body) {
      return error(
        400,
        "M_INVALID_PARAM",
        "The transaction id was already used for another message",
      );
    }
    if (earlier) {
      fake.repeats += 1;
      return json(200, { event_id: earlier.eventId });
    }
    const eventId = `$${randomBytes(16).toString("base64url")}`;
    transactions.set(key, { eventId, body: request.body });
    accepted.push({ roomId, txnId, content: parsed.content });
    return json(200, { event_id: eventId });
  });
  return {
    ...receiver,
    accepted,
    get repeats() {
      return fake.repeats;
    },
    strangerRoom: `!NotInvited:${SERVER}`,
    tokenFor: (kind) => {
      const token = `syt_dXB3YXRjaA_${randomBytes(15).toString("base64url")}`;
      tokens.set(token, kind);
      return token;
    },
    joinedRoom: () => {
      const roomId = `!${randomBytes(9).toString("base64url")}:${SERVER}`;
      rooms.add(roomId);
      return roomId;
    },
  };
}
