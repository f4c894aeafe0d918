import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";

/**
 * The receiver's check from the help centre's webhook article, as a customer would write it:
 * the timestamp within 5 minutes, and any `v1` signature matching HMAC-SHA256 over
 * `{id}.{timestamp}.{raw body}` keyed with the base64-decoded secret after `whsec_`.
 */
export function verifyUpwatchSignature(
  secret: string,
  headers: IncomingMessage["headers"],
  rawBody: string,
  now = Date.now(),
): boolean {
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"];
  if (typeof id !== "string" || typeof timestamp !== "string" || typeof signatures !== "string") {
    return false;
  }
  const sentAt = Number(timestamp);
  if (!Number.isInteger(sentAt) || Math.abs(Math.floor(now / 1000) - sentAt) > 5 * 60) {
    return false;
  }
  const expected = crypto
    .createHmac("sha256", key)
    .update(`${id}.${timestamp}.`)
    .update(rawBody)
    .digest();
  return signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    if (version !== "v1" || !signature) return false;
    const received = Buffer.from(signature, "base64");
    return received.length === expected.length && crypto.timingSafeEqual(received, expected);
  });
}
