import type { FastifyInstance } from "fastify";
import { confirmChannel, findChannelConfirmation } from "../services/channels/confirm-channel.ts";
import type { ServiceContext } from "../services/context.ts";
import { CONFIRMATION_NOT_EXPECTED, registerConfirmationLink } from "./confirmation-link.ts";

/** `/confirm-channel?token=`: the link in a channel confirmation mail. */
export async function channelConfirmationRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext },
) {
  const { ctx } = options;
  registerConfirmationLink(app, {
    path: "/confirm-channel",
    find: (token) => findChannelConfirmation(ctx, token),
    confirm: (token) => confirmChannel(ctx, token),
    askTitle: "Receive these alerts?",
    ask: (address) =>
      `Press the button to receive monitoring alerts at ${address}. ${CONFIRMATION_NOT_EXPECTED}`,
    button: "Yes, send alerts here",
    done: (address) => `Monitoring alerts will now be sent to ${address}.`,
  });
}
