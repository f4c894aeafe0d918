import { createHmac } from "node:crypto";
import type { StripeEvent } from "./stripe-store.ts";

/** What the receiving server answered to one delivery. */
export interface Delivery {
  status: number;
  body: unknown;
}

/** `Stripe-Signature` as Stripe writes it: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** Posts one event to the endpoint, signed with the secret at the given time. */
export async function sendEvent(
  url: string,
  event: StripeEvent,
  signing: { secret: string; timestamp: number },
): Promise<Delivery> {
  const payload = JSON.stringify(event, null, 2);
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": signatureHeader(payload, signing.secret, signing.timestamp),
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    },
    body: payload,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A body that is not JSON is kept as text.
  }
  return { status: response.status, body };
}
