import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** Every Upwatch API key starts with this, so leaked keys are easy to recognise and scan for. */
export const API_KEY_PREFIX = "uw_";
const LOOKUP_LENGTH = 12;
const KEY_PATTERN = /^uw_[A-Za-z0-9_-]{40}$/;

export interface NewApiKey {
  /** The whole key, shown once and never stored. */
  key: string;
  /** The part that finds the key's row. */
  lookup: string;
  /** SHA-256 of the whole key, hex: all that is stored of the secret. */
  hash: string;
}

/** Makes a key of 240 random bits: `uw_` and 40 URL-safe characters. */
export function generateApiKey(random: (size: number) => Buffer = randomBytes): NewApiKey {
  const key = `${API_KEY_PREFIX}${random(30).toString("base64url")}`;
  return { key, lookup: lookupOf(key)!, hash: hashApiKey(key) };
}

/** The lookup part of a well-formed key, or undefined for anything that is not a key. */
export function lookupOf(key: string): string | undefined {
  return KEY_PATTERN.test(key)
    ? key.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + LOOKUP_LENGTH)
    : undefined;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Compares a presented key with a stored hash in constant time. */
export function keyMatchesHash(key: string, storedHash: string): boolean {
  const presented = Buffer.from(hashApiKey(key), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** How a key is shown after creation: its prefix and lookup, never the secret. */
export function displayPrefix(lookup: string): string {
  return `${API_KEY_PREFIX}${lookup}`;
}
