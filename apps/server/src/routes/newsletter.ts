import { newsletterSubscriptionSchema } from "@upwatch/core";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../config.ts";
import { rateLimitByAddress } from "../http/rate-limits/limit-by-address.ts";
import { sendMessagePage } from "../pages/message-page.ts";
import { confirmSubscription } from "../services/newsletter/confirm.ts";
import type { NewsletterContext } from "../services/newsletter/newsletter-context.ts";
import { subscribeToNewsletter } from "../services/newsletter/subscribe.ts";
import { isUnsubscribeLinkValid, unsubscribe } from "../services/newsletter/unsubscribe.ts";
import { answerSubmission, parsePayload, requireHumanPace } from "./form-submission.ts";

export const SUBSCRIBE_SUCCESS_MESSAGE =
  "Thanks for subscribing! Please confirm with the link we just e-mailed you.";

export interface NewsletterRouteOptions {
  ctx: NewsletterContext;
  config: Config;
  onStored: () => void;
}

const HOME = { label: "Back to the home page", url: "/" };
const INVALID_LINK =
  "This link is not valid. Copy the whole address from the e-mail, or subscribe again from the home page.";

/** Subscribe, confirm (double opt-in) and one-click unsubscribe. */
export async function newsletterRoutes(app: FastifyInstance, options: NewsletterRouteOptions) {
  const { forms } = options.config;
  const limit = rateLimitByAddress(app, {
    name: "newsletter",
    limit: forms.rateLimit,
    windowMs: forms.rateWindowSeconds * 1000,
  });

  app.post("/email-subscriptions/subscribe", { preHandler: limit }, (request, reply) =>
    answerSubmission(request, reply, HOME, async () => {
      const input = parsePayload(newsletterSubscriptionSchema, request.body);
      requireHumanPace(input.elapsedMs, forms.minFillMs);
      await subscribeToNewsletter(options.ctx, input);
      options.onStored();
      return { status: 200, title: "Almost there", message: SUBSCRIBE_SUCCESS_MESSAGE };
    }),
  );

  app.get<{ Querystring: { token?: string } }>(
    "/email-subscriptions/confirm",
    async (request, reply) => {
      const outcome = await confirmSubscription(options.ctx, String(request.query.token ?? ""));
      if (outcome === "confirmed") {
        return page(
          reply,
          200,
          "Subscription confirmed",
          "You will now receive the newsletter. Thank you!",
        );
      }
      if (outcome === "unsubscribed") {
        return page(
          reply,
          410,
          "You unsubscribed",
          "This address unsubscribed earlier. Subscribe again from the home page.",
        );
      }
      return page(reply, 400, "Link not valid", INVALID_LINK);
    },
  );

  app.get<{ Querystring: { token?: string } }>(
    "/email-subscriptions/unsubscribe",
    async (request, reply) => {
      const token = String(request.query.token ?? "");
      if (!isUnsubscribeLinkValid(options.ctx, token))
        return page(reply, 400, "Link not valid", INVALID_LINK);
      const url = `/email-subscriptions/unsubscribe?token=${encodeURIComponent(token)}`;
      return page(
        reply,
        200,
        "Unsubscribe?",
        "Press the button to stop receiving the newsletter.",
        {
          label: "Unsubscribe",
          url,
        },
      );
    },
  );

  // One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` here.
  app.post<{ Querystring: { token?: string } }>(
    "/email-subscriptions/unsubscribe",
    async (request, reply) => {
      const outcome = await unsubscribe(options.ctx, String(request.query.token ?? ""));
      if (outcome === "invalid-link") return page(reply, 400, "Link not valid", INVALID_LINK);
      return page(
        reply,
        200,
        "You are unsubscribed",
        "You will not receive the newsletter any more.",
      );
    },
  );
}

function page(
  reply: FastifyReply,
  status: number,
  title: string,
  message: string,
  action?: { label: string; url: string },
) {
  return sendMessagePage(reply, status, {
    title,
    message,
    link: HOME,
    ...(action ? { action } : {}),
  });
}
