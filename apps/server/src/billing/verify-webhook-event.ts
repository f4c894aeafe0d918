import Stripe from "stripe";
import { ServiceError } from "../services/service-error.ts";

/** How old a signature may be, in seconds: Stripe's own default, against replayed events. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The event Stripe signed, read from the raw body exactly as received; a forged, altered or
 * replayed one is refused with a sentence.
 */
export function verifyWebhookEvent(
  stripe: Stripe,
  secret: string,
  request: { payload: Buffer; signature: string | undefined; receivedAt: number },
): Stripe.Event {
  if (!request.signature) {
    throw new ServiceError(
      "invalid",
      "The request has no Stripe-Signature header; only events Stripe signed are accepted.",
    );
  }
  try {
    return stripe.webhooks.constructEvent(
      request.payload,
      request.signature,
      secret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      request.receivedAt,
    );
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
    const stale = error.message.startsWith("Timestamp outside the tolerance zone");
    throw new ServiceError(
      "invalid",
      stale
        ? `The event was signed more than ${SIGNATURE_TOLERANCE_SECONDS / 60} minutes ago; it is refused as a replay.`
        : "The event's signature does not match the webhook signing secret.",
    );
  }
}
