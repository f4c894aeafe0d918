import { createHmac, timingSafeEqual } from "node:crypto";

export type LinkPurpose = "confirm" | "unsubscribe";

/** A token naming a subscriber and what the link may do, signed so it cannot be forged. */
export function signSubscriberToken(
  secret: Buffer,
  subscriberId: string,
  purpose: LinkPurpose,
): string {
  const body = Buffer.from(`${purpose}:${subscriberId}`).toString("base64url");
  return `${body}.${signature(secret, body)}`;
}

/** The subscriber id inside a genuine token for `purpose`; undefined for anything else. */
export function readSubscriberToken(
  secret: Buffer,
  token: string,
  purpose: LinkPurpose,
): string | undefined {
  const [body, mac, extra] = token.split(".");
  if (!body || !mac || extra !== undefined) return undefined;
  const expected = Buffer.from(signature(secret, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const [tokenPurpose, id] = Buffer.from(body, "base64url").toString().split(":");
  return tokenPurpose === purpose && id ? id : undefined;
}

function signature(secret: Buffer, body: string): string {
  return createHmac("sha256", secret).update(body).digest("base64url");
}
