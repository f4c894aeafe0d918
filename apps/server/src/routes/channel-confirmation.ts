import type { FastifyInstance, FastifyReply } from "fastify";
import { rateLimitByAddress } from "../http/rate-limits/limit-by-address.ts";
import { sendMessagePage } from "../pages/message-page.ts";
import {
  type ChannelConfirmation,
  confirmChannel,
  findChannelConfirmation,
} from "../services/channels/confirm-channel.ts";
import type { ServiceContext } from "../services/context.ts";

const HOME = { label: "Back to the home page", url: "/" };

/**
 * `/confirm-channel?token=`: the link in a channel confirmation mail. Opening it only asks
 * (mail scanners open links); the button confirms that the address wants the alerts.
 */
export async function channelConfirmationRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext },
) {
  const { ctx } = options;
  const limit = rateLimitByAddress(app, {
    name: "confirm-channel",
    limit: 60,
    windowMs: 600_000,
  });

  app.get<{ Querystring: { token?: string } }>(
    "/confirm-channel",
    { preHandler: limit },
    async (request, reply) => {
      const token = String(request.query.token ?? "");
      const found = await findChannelConfirmation(ctx, token);
      if (found.outcome === "invalid-link") return invalidLink(reply);
      return sendMessagePage(reply, 200, {
        title: "Receive these alerts?",
        message: `Press the button to receive monitoring alerts at ${found.address}. If you did not expect this, close this page: nothing more is sent.`,
        action: {
          label: "Yes, send alerts here",
          url: `/confirm-channel?token=${encodeURIComponent(token)}`,
        },
        link: HOME,
      });
    },
  );

  app.post<{ Querystring: { token?: string } }>(
    "/confirm-channel",
    { preHandler: limit },
    async (request, reply) => {
      const done: ChannelConfirmation = await confirmChannel(
        ctx,
        String(request.query.token ?? ""),
      );
      if (done.outcome === "invalid-link") return invalidLink(reply);
      return sendMessagePage(reply, 200, {
        title: "Address confirmed",
        message: `Monitoring alerts will now be sent to ${done.address}.`,
        link: HOME,
      });
    },
  );
}

function invalidLink(reply: FastifyReply) {
  return sendMessagePage(reply, 400, {
    title: "Link not valid",
    message:
      "This confirmation link is not valid: it was used already, has expired (links work for 7 days) or was not copied whole. Ask whoever added this address for a new one.",
    link: HOME,
  });
}
