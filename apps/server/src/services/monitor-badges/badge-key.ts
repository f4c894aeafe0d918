import { createHash, randomBytes } from "node:crypto";

/** 24 random bytes in base64url: 192 bits, 32 characters, unrelated to the monitor's id. */
const KEY_BYTES = 24;
const KEY_SHAPE = /^[A-Za-z0-9_-]{32}$/;

/** A new, unguessable badge key. */
export function newBadgeKey(): string {
  return randomBytes(KEY_BYTES).toString("base64url");
}

/** Whether a path segment could be a badge key at all; anything else is unknown without a lookup. */
export function looksLikeBadgeKey(value: string): boolean {
  return KEY_SHAPE.test(value);
}

/** How a key is found: its SHA-256 in hex, compared in the index, never the key itself. */
export function hashBadgeKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}
