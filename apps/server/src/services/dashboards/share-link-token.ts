import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const PREFIX = "uwd_";
const LOOKUP_LENGTH = 12;
const TOKEN_PATTERN = /^uwd_[A-Za-z0-9_-]{40}$/;

/** A new link's token (shown once), the part that finds its row, and the hash that is stored. */
export interface NewShareToken {
  token: string;
  lookup: string;
  hash: string;
}

/** Makes a token of 240 random bits: `uwd_` and 40 URL-safe characters. */
export function generateShareToken(random: (size: number) => Buffer = randomBytes): NewShareToken {
  const token = `${PREFIX}${random(30).toString("base64url")}`;
  return { token, lookup: shareTokenLookup(token)!, hash: hashShareToken(token) };
}

/** The lookup part of a well-formed token, or undefined for anything else. */
export function shareTokenLookup(token: string): string | undefined {
  return TOKEN_PATTERN.test(token)
    ? token.slice(PREFIX.length, PREFIX.length + LOOKUP_LENGTH)
    : undefined;
}

function hashShareToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Compares a presented token with a stored hash in constant time. */
export function shareTokenMatches(token: string, storedHash: string): boolean {
  const presented = Buffer.from(hashShareToken(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
