import type { FastifyInstance, FastifyReply } from "fastify";
import { rateLimitByAddress } from "../http/rate-limits/limit-by-address.ts";
import { sendMessagePage } from "../pages/message-page.ts";
import type { ChannelConfirmation } from "../services/channels/confirm-channel.ts";

const HOME = { label: "Back to the home page", url: "/" };

/** What a mailed link asks, and says once pressed, about the address it names. */
export interface ConfirmationLink {
  path: string;
  find(token: string): Promise<ChannelConfirmation>;
  confirm(token: string): Promise<ChannelConfirmation>;
  askTitle: string;
  ask(address: string): string;
  button: string;
  doneTitle?: string;
  done(address: string): string;
  /** Why a link that names nothing may have stopped working. */
  invalid?: string;
}

const CONFIRMATION_LINK_INVALID =
  "This confirmation link is not valid: it was used already, has expired (links work for 7 days) or was not copied whole. Ask whoever added this address for a new one.";
/** The words a confirmation page adds for someone who never asked for the mail. */
export const CONFIRMATION_NOT_EXPECTED =
  "If you did not expect this, close this page: nothing more is sent.";

/**
 * `GET path?token=` only asks (mail scanners open links); `POST` from its button does what the
 * link offers the address. Both are limited per client address.
 */
export function registerConfirmationLink(app: FastifyInstance, link: ConfirmationLink): void {
  const limit = rateLimitByAddress(app, {
    name: link.path.slice(1),
    limit: 60,
    windowMs: 600_000,
  });

  app.get<{ Querystring: { token?: string } }>(
    link.path,
    { preHandler: limit },
    async (request, reply) => {
      const token = String(request.query.token ?? "");
      const found = await link.find(token);
      if (found.outcome === "invalid-link") return invalidLink(reply, link);
      return sendMessagePage(reply, 200, {
        title: link.askTitle,
        message: link.ask(found.address),
        action: { label: link.button, url: `${link.path}?token=${encodeURIComponent(token)}` },
        link: HOME,
      });
    },
  );

  app.post<{ Querystring: { token?: string } }>(
    link.path,
    { preHandler: limit },
    async (request, reply) => {
      const done = await link.confirm(String(request.query.token ?? ""));
      if (done.outcome === "invalid-link") return invalidLink(reply, link);
      return sendMessagePage(reply, 200, {
        title: link.doneTitle ?? "Address confirmed",
        message: link.done(done.address),
        link: HOME,
      });
    },
  );
}

function invalidLink(reply: FastifyReply, link: ConfirmationLink) {
  return sendMessagePage(reply, 400, {
    title: "Link not valid",
    message: link.invalid ?? CONFIRMATION_LINK_INVALID,
    link: HOME,
  });
}
