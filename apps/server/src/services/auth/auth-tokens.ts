import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A new opaque token of 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 of a token, hex: all that is stored of session and reset tokens. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The CSRF token of a session: an HMAC of its token (through the stored hash) under the secret. */
export function csrfTokenFor(secret: Buffer, sessionId: string): string {
  return createHmac("sha256", secret).update(`csrf:${sessionId}`).digest("base64url");
}

/** Whether a presented CSRF token is the session's, compared in constant time. */
export function csrfTokenMatches(secret: Buffer, sessionId: string, presented: string): boolean {
  const expected = Buffer.from(csrfTokenFor(secret, sessionId));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
