import { randomBytes } from "node:crypto";
import { type ReceivedRequest, type Receiver, startReceiver } from "./receivers.ts";

/** How a fake service answers one request. */
export type Answer = { status: number; body?: string };

/** A fake of a chat service's webhook API, with the URLs it hands out. */
export interface FakeChatWebhooks<Kind extends string> extends Receiver {
  /** A webhook URL that answers as `kind` says: "working", or one of the service's refusals. */
  urlFor(kind: Kind): string;
  /** The JSON bodies of the requests the fake accepted, in order. */
  accepted: unknown[];
}

/** What makes one fake service: its URLs, its refusals and its rules for a message. */
export interface ChatServiceRules<Kind extends string> {
  /** A webhook URL at `base` carrying `secret`, the part that says which kind it is. */
  urlWith(base: string, secret: string): string;
  /** The secret in a request's URL, or the service's answer to a URL that is no webhook. */
  secretIn(url: URL): string | Answer;
  /** The service's answer to a webhook URL handed out as a refusal, or to an unknown secret. */
  refuse(kind: Exclude<Kind, "working"> | "unknown", url: URL): Answer;
  /** Why a message breaks the service's documented rules, or null when it keeps them. */
  problemWith(message: Record<string, unknown>, bytes: number): string | null;
  /** The service's answer to a request it cannot take, for `problem`. */
  badRequest(problem: string): Answer;
  /** The service's answer to a message it took. */
  took(message: Record<string, unknown>, url: URL): Answer;
}

export const json = (status: number, body: object): Answer => ({
  status,
  body: JSON.stringify(body),
});

/** Characters as the services count them: code points. */
export const characters = (value: unknown) =>
  typeof value === "string" ? Array.from(value).length : 0;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The message of a request that is the documented POST of a JSON object, or why it is not. */
function jsonObjectPosted(request: ReceivedRequest): Record<string, unknown> | string {
  if (request.method !== "POST") return `The method must be POST, not ${request.method}.`;
  if (!/^application\/json\b/.test(request.headers["content-type"] ?? "")) {
    return "The content type must be application/json.";
  }
  try {
    const message: unknown = JSON.parse(request.body);
    return isRecord(message) ? message : "The body is not a JSON object.";
  } catch {
    return "The body is not JSON.";
  }
}

/**
 * A loopback fake of one chat service's webhooks. Each URL it hands out carries a random secret
 * that says how it answers; a working one takes a POST of a JSON object that keeps the
 * service's rules and keeps it in `accepted`.
 */
export async function startFakeChatWebhooks<Kind extends string>(
  rules: ChatServiceRules<Kind>,
): Promise<FakeChatWebhooks<Kind>> {
  const accepted: unknown[] = [];
  const kinds = new Map<string, Kind>();
  const receiver = await startReceiver((request): Answer => {
    const url = new URL(request.path, "http://fake");
    const secret = rules.secretIn(url);
    if (typeof secret !== "string") return secret;
    const kind = kinds.get(secret);
    if (kind === undefined) return rules.refuse("unknown", url);
    if (kind !== "working") return rules.refuse(kind as Exclude<Kind, "working">, url);
    const message = jsonObjectPosted(request);
    if (typeof message === "string") return rules.badRequest(message);
    const problem = rules.problemWith(message, Buffer.byteLength(request.body));
    if (problem) return rules.badRequest(problem);
    accepted.push(message);
    return rules.took(message, url);
  });
  return {
    ...receiver,
    accepted,
    urlFor: (kind) => {
      // 26 lowercase letters and digits fit every service's URL, Mattermost's hook ids included.
      const secret = randomBytes(13).toString("hex");
      kinds.set(secret, kind);
      return rules.urlWith(receiver.url, secret);
    },
  };
}
