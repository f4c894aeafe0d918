import type { FastifyInstance } from "fastify";
import type { ServiceContext } from "../services/context.ts";
import {
  confirmReportRecipient,
  findRecipientConfirmation,
} from "../services/sla-reports/schedules/confirm-report-recipient.ts";
import { CONFIRMATION_NOT_EXPECTED, registerConfirmationLink } from "./confirmation-link.ts";

/** `/confirm-report?token=`: the link in a report recipient's confirmation mail. */
export async function reportRecipientConfirmationRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext },
) {
  const { ctx } = options;
  registerConfirmationLink(app, {
    path: "/confirm-report",
    find: (token) => findRecipientConfirmation(ctx, token),
    confirm: (token) => confirmReportRecipient(ctx, token),
    askTitle: "Receive this monthly report?",
    ask: (address) =>
      `Press the button to receive a monthly uptime report at ${address}. ${CONFIRMATION_NOT_EXPECTED}`,
    button: "Yes, send the report here",
    done: (address) => `The monthly uptime report will now be sent to ${address}.`,
  });
}
