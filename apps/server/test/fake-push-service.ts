import { randomBytes } from "node:crypto";
import { type Answer, isRecord } from "./fake-chat-webhooks.ts";
import type { ReceivedRequest, Receiver } from "./receivers.ts";

/** A fake push service: what it accepted, and the secrets it hands out by how they answer. */
export interface FakePushService<Kind extends string> extends Receiver {
  /** The JSON bodies of the messages the fake accepted, in order. */
  accepted: Record<string, unknown>[];
  /** A new secret (a token, a key, a topic) that answers as `kind` says. */
  secretFor(kind: Kind): string;
  /** How a secret handed out answers, or undefined for one the fake never handed out. */
  kindOf(secret: string): Kind | undefined;
}

/** Hands out random secrets of `length` letters and digits, remembering how each answers. */
export function secretKinds<Kind extends string>(length: number, prefix = "") {
  const kinds = new Map<string, Kind>();
  return {
    secretFor(kind: Kind): string {
      const secret = `${prefix}${randomBytes(length)
        .toString("base64")
        .replace(/[^A-Za-z0-9]/g, "")
        .padEnd(length, "0")
        .slice(0, length)}`;
      kinds.set(secret, kind);
      return secret;
    },
    kindOf: (secret: string) => kinds.get(secret),
  };
}

/**
 * The JSON object of a request that is a POST of JSON, as the push services document it, or the
 * reason it is not one.
 */
export function postedJsonObject(request: ReceivedRequest): Record<string, unknown> | string {
  if (request.method !== "POST") return `The method must be POST, not ${request.method}.`;
  if (!/^application\/json\b/.test(request.headers["content-type"] ?? "")) {
    return "The content type must be application/json.";
  }
  try {
    const body: unknown = JSON.parse(request.body);
    return isRecord(body) ? body : "The body is not a JSON object.";
  } catch {
    return "The body is not JSON.";
  }
}

/** The fields of `body` outside `allowed`, which a fake refuses so that a misspelt one shows. */
export function unknownFields(body: Record<string, unknown>, allowed: readonly string[]): string[] {
  return Object.keys(body).filter((key) => !allowed.includes(key));
}

export const isWholeNumber = (value: unknown): value is number => Number.isInteger(value);

export type { Answer };
