import { contactMessageSchema } from "@upwatch/core";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import { rateLimitByAddress } from "../http/rate-limits/limit-by-address.ts";
import { submitContactMessage } from "../services/contact/submit-contact-message.ts";
import type { ServiceContext } from "../services/context.ts";
import { answerSubmission, parsePayload, requireHumanPace } from "./form-submission.ts";

export const CONTACT_SUCCESS_MESSAGE =
  "Thank you for contacting us! We'll get back to you within 24 hours.";

export interface ContactRouteOptions {
  ctx: ServiceContext;
  config: Config;
  /** Called after a message is stored, so its notification goes out without waiting for a poll. */
  onStored: () => void;
}

/** `POST /public/contact`: stores the message, then answers. */
export async function contactRoutes(app: FastifyInstance, options: ContactRouteOptions) {
  const { forms, supportEmail } = options.config;
  const limit = rateLimitByAddress(app, {
    name: "contact",
    limit: forms.rateLimit,
    windowMs: forms.rateWindowSeconds * 1000,
  });

  app.post("/public/contact", { preHandler: limit }, (request, reply) =>
    answerSubmission(
      request,
      reply,
      { label: "Back to the contact page", url: "/contact" },
      async () => {
        const input = parsePayload(contactMessageSchema, request.body);
        requireHumanPace(input.elapsedMs, forms.minFillMs);
        await submitContactMessage(
          options.ctx,
          input,
          { ip: request.ip, userAgent: request.headers["user-agent"] },
          supportEmail,
        );
        options.onStored();
        return { status: 201, title: "Message sent", message: CONTACT_SUCCESS_MESSAGE };
      },
    ),
  );
}
