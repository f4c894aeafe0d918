import type { FastifyInstance } from "fastify";
import type { ServiceContext } from "../services/context.ts";
import {
  findReportUnsubscribe,
  unsubscribeReportRecipient,
} from "../services/sla-reports/schedules/report-unsubscribe.ts";
import { registerConfirmationLink } from "./confirmation-link.ts";

/** `/report-unsubscribe?token=`: the link in every monthly report mail. */
export async function reportUnsubscribeRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; linkSecret: () => Promise<Buffer> },
) {
  const { ctx, linkSecret } = options;
  registerConfirmationLink(app, {
    path: "/report-unsubscribe",
    find: async (token) => findReportUnsubscribe(ctx, await linkSecret(), token),
    confirm: async (token) => unsubscribeReportRecipient(ctx, await linkSecret(), token),
    askTitle: "Stop this monthly report?",
    ask: (address) =>
      `Press the button and ${address} receives this monthly uptime report no more.`,
    button: "Stop sending me this report",
    doneTitle: "Report stopped",
    done: (address) => `The monthly uptime report is no longer sent to ${address}.`,
    invalid:
      "This link is not valid: the address no longer receives this report, or the link was not copied whole.",
  });
}
