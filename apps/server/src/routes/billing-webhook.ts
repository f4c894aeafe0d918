import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import type { BillingEventOutcome } from "../billing/apply-billing-event.ts";

const EVENT_BODY_LIMIT_BYTES = 1024 * 1024;

export interface BillingWebhookOptions {
  /** Reads the event Stripe signed from the raw body; refuses a forged or stale one. */
  verify(request: { payload: Buffer; signature: string | undefined }): Stripe.Event;
  apply(event: Stripe.Event): Promise<BillingEventOutcome>;
}

/**
 * `POST /api/v1/billing/webhook`: Stripe's events about the operator's account. The body is kept
 * as received, since the signature covers its exact bytes; a repeated event is answered 200 and
 * changes nothing, so Stripe stops sending it.
 */
export async function billingWebhookRoutes(app: FastifyInstance, options: BillingWebhookOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => {
    done(null, body);
  });
  // An invoice with many lines makes an event larger than the API's usual bodies.
  app.post(
    "/api/v1/billing/webhook",
    { bodyLimit: EVENT_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const signature = request.headers["stripe-signature"];
      const event = options.verify({
        payload: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        signature: Array.isArray(signature) ? signature[0] : signature,
      });
      const outcome = await options.apply(event);
      return reply.header("cache-control", "no-store").send({ received: true, outcome });
    },
  );
}
