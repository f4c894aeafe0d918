import { newsletterSubscriptionSchema } from "@upwatch/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { countRequest } from "../http/rate-limits/count-request.ts";
import { rateLimitByAddress } from "../http/rate-limits/limit-by-address.ts";
import { type MessageBrand, sendMessagePage } from "../pages/message-page.ts";
import { ServiceError } from "../services/service-error.ts";
import { confirmStatusSubscription } from "../services/status-subscribers/confirm-status-subscription.ts";
import { subscribeToStatusPage } from "../services/status-subscribers/subscribe-to-status-page.ts";
import {
  type StatusSubscriberContext,
  type SubscriptionPage,
  subscriptionPage,
} from "../services/status-subscribers/subscriber-links.ts";
import {
  unsubscribeLinkPage,
  unsubscribeStatusSubscriber,
} from "../services/status-subscribers/unsubscribe-status-subscriber.ts";
import { answerSubmission, parsePayload } from "./form-submission.ts";

export const STATUS_SUBSCRIBE_MESSAGE =
  "Thanks for subscribing! Please confirm with the link we just e-mailed you.";

/** Subscriptions per client address, and per page, in this window. */
export const STATUS_SUBSCRIBE_LIMITS = { perAddress: 10, perPage: 100, windowMs: 10 * 60_000 };

export interface StatusSubscriptionOptions {
  ctx: StatusSubscriberContext;
  /** Mail was queued: send it now. */
  mailQueued: () => void;
}

type Slug = { Params: { slug: string }; Querystring: { token?: string } };

const INVALID_LINK =
  "This link is not valid. Copy the whole address from the e-mail, or subscribe again from the status page.";

/** A status page's subscribe form, the confirmation link and the (one-click) unsubscribe link. */
export async function statusSubscriptionRoutes(
  app: FastifyInstance,
  options: StatusSubscriptionOptions,
) {
  const { ctx } = options;
  const limits = subscribeLimits(app);

  app.post<Slug>("/status/:slug/subscribe", async (request, reply) => {
    const { slug } = request.params;
    const found = await subscriptionPage(ctx, slug);
    return answerSubmission(
      request,
      reply,
      back(found?.slug ?? slug),
      async () => {
        await limits(request);
        const input = parsePayload(newsletterSubscriptionSchema, request.body);
        await subscribeToStatusPage(ctx, slug, input.email);
        options.mailQueued();
        return { status: 200, title: "Almost there", message: STATUS_SUBSCRIBE_MESSAGE };
      },
      found && brandOf(found),
    );
  });

  app.get<Slug>("/status/:slug/subscription/confirm", async (request, reply) => {
    const answer = await confirmStatusSubscription(ctx, String(request.query.token ?? ""));
    const at = { reply, slug: request.params.slug };
    if (answer.outcome === "confirmed") {
      return page({ ...at, page: answer.page }, 200, {
        title: "Subscription confirmed",
        message: `You will now receive updates from ${answer.page.name} by e-mail.`,
      });
    }
    if (answer.outcome === "unsubscribed") {
      return page({ ...at, page: answer.page }, 410, {
        title: "You unsubscribed",
        message: "This address unsubscribed earlier. Subscribe again from the status page.",
      });
    }
    return page(at, 400, { title: "Link not valid", message: INVALID_LINK });
  });

  app.get<Slug>("/status/:slug/subscription/unsubscribe", async (request, reply) => {
    const token = String(request.query.token ?? "");
    const answer = await unsubscribeLinkPage(ctx, token);
    const at = { reply, slug: request.params.slug };
    if (answer.outcome === "invalid-link") {
      return page(at, 400, { title: "Link not valid", message: INVALID_LINK });
    }
    if (answer.outcome === "unsubscribed") return unsubscribed({ ...at, page: answer.page });
    const { name, slug } = answer.page ?? { name: "", slug: at.slug };
    return page({ ...at, page: answer.page }, 200, {
      title: "Unsubscribe?",
      message: `Press the button to stop receiving updates from ${name}.`,
      action: {
        label: "Unsubscribe",
        url: `/status/${encodeURIComponent(slug)}/subscription/unsubscribe?token=${encodeURIComponent(token)}`,
      },
    });
  });

  // One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` here.
  app.post<Slug>("/status/:slug/subscription/unsubscribe", async (request, reply) => {
    const answer = await unsubscribeStatusSubscriber(ctx, String(request.query.token ?? ""));
    const at = { reply, slug: request.params.slug };
    if (answer.outcome === "invalid-link") {
      return page(at, 400, { title: "Link not valid", message: INVALID_LINK });
    }
    return unsubscribed({ ...at, page: answer.page });
  });
}

/** Where an answer goes, and the page it is about when the link named one. */
interface Place {
  reply: FastifyReply;
  slug: string;
  page?: SubscriptionPage | undefined;
}

function back(slug: string) {
  return { label: "Back to the status page", url: `/status/${encodeURIComponent(slug)}` };
}

/** A status page's own name and home on its message pages, and no product name if white-label. */
function brandOf(page: SubscriptionPage): MessageBrand {
  const url = `/status/${encodeURIComponent(page.slug)}`;
  return { name: page.name, url, whiteLabel: page.whiteLabel };
}

function unsubscribed(at: Place) {
  const from = at.page ? `from ${at.page.name} ` : "";
  return page(at, 200, {
    title: "You are unsubscribed",
    message: `You will not receive updates ${from}any more.`,
  });
}

function page(
  at: Place,
  status: number,
  text: { title: string; message: string; action?: { label: string; url: string } },
) {
  return sendMessagePage(at.reply, status, {
    ...text,
    link: back(at.page?.slug ?? at.slug),
    ...(at.page ? { brand: brandOf(at.page) } : {}),
  });
}

/** Refuses a subscription past the limit of its client address, or of its page. */
function subscribeLimits(app: FastifyInstance) {
  const { perAddress, perPage, windowMs } = STATUS_SUBSCRIBE_LIMITS;
  const byAddress = rateLimitByAddress(app, {
    name: "status-subscribe",
    limit: perAddress,
    windowMs,
    message: (wait) => `Too many subscriptions from your address. Please try again in ${wait}.`,
  });
  const byPage = app.createRateLimit({
    max: perPage,
    timeWindow: windowMs,
    keyGenerator: (request) =>
      `status-subscribe-page:${(request.params as { slug?: string }).slug ?? ""}`,
  });
  return async (request: FastifyRequest) => {
    await byAddress(request);
    const counted = await countRequest(byPage, request);
    if (!counted?.isExceeded) return;
    const minutes = Math.max(1, Math.ceil(counted.ttl / 60_000));
    throw new ServiceError(
      "rate-limited",
      `This status page has had too many subscriptions just now. Please try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}.`,
      { retryAfterSeconds: Math.max(1, Math.ceil(counted.ttl / 1000)) },
    );
  };
}
