import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes in base64url: 256 bits, 43 characters. */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new, unguessable ping token. */
export function newHeartbeatToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

/** Whether a path segment could be a token at all; anything else is unknown without a lookup. */
export function looksLikeHeartbeatToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/** How a token is found: its SHA-256 in hex. Only the hash is compared, in the index. */
export function hashHeartbeatToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The public URL a job pings. */
export function pingUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/ping/${token}`;
}
