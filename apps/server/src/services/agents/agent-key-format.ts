import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { AGENT_KEY_PREFIX } from "@upwatch/core";

const LOOKUP_LENGTH = 12;
const KEY_PATTERN = /^uwa_[A-Za-z0-9_-]{40}$/;

export interface NewAgentKey {
  /** The whole key, shown once and never stored. */
  key: string;
  /** The part that finds the agent's row. */
  lookup: string;
  /** SHA-256 of the whole key, hex: all that is stored of the secret. */
  hash: string;
}

/** Makes an agent key of 240 random bits: `uwa_` and 40 URL-safe characters. */
export function generateAgentKey(random: (size: number) => Buffer = randomBytes): NewAgentKey {
  const key = `${AGENT_KEY_PREFIX}${random(30).toString("base64url")}`;
  return { key, lookup: agentKeyLookupOf(key)!, hash: hashAgentKey(key) };
}

/** The lookup part of a well-formed agent key, or undefined for anything that is not one. */
export function agentKeyLookupOf(key: string): string | undefined {
  return KEY_PATTERN.test(key)
    ? key.slice(AGENT_KEY_PREFIX.length, AGENT_KEY_PREFIX.length + LOOKUP_LENGTH)
    : undefined;
}

export function hashAgentKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Compares a presented agent key with a stored hash in constant time. */
export function agentKeyMatchesHash(key: string, storedHash: string): boolean {
  const presented = Buffer.from(hashAgentKey(key), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** How a key is shown after creation: its prefix and lookup, never the secret. */
export function agentKeyDisplayPrefix(lookup: string): string {
  return `${AGENT_KEY_PREFIX}${lookup}`;
}
