import type { FastifyInstance } from "fastify";
import { PeriodicTask } from "../background/periodic-task.ts";
import type { Leadership } from "../cluster/leadership.ts";
import { reportRecipientConfirmationRoutes } from "../routes/report-recipient-confirmation.ts";
import { reportUnsubscribeRoutes } from "../routes/report-unsubscribe.ts";
import type { ServiceContext } from "../services/context.ts";
import { loadServerSecret } from "../services/server-secret.ts";
import { REPORT_LINK_SECRET_NAME } from "../services/sla-reports/schedules/report-unsubscribe.ts";
import { sendDueSlaReports } from "../services/sla-reports/schedules/send-due-sla-reports.ts";

const LOOK_EVERY_MS = 10 * 60_000;

/**
 * On the leader alone, looks every ten minutes (and at start) for report schedules whose month
 * has ended in their account's time zone and mails each report once, PDF and CSV attached;
 * on every process, the pages where a recipient agrees to receive reports or stops them.
 */
export function registerSlaReportMailing(
  app: FastifyInstance,
  options: {
    ctx: ServiceContext;
    leadership: Leadership;
    start: boolean;
    appUrl: string;
    /** Origin that serves the recipients' link pages. */
    linkBase: string;
    mailQueued: () => void;
  },
): void {
  const { ctx } = options;
  const log = app.log.child({ part: "sla-reports" });
  let secret: Promise<Buffer> | undefined;
  const linkSecret = () => {
    secret ??= loadServerSecret(ctx.db, REPORT_LINK_SECRET_NAME);
    return secret;
  };
  const mailing = new PeriodicTask({
    run: async () => {
      const sent = await sendDueSlaReports(ctx, {
        reportsUrl: `${options.appUrl}/reports`,
        linkBase: options.linkBase,
        linkSecret: await linkSecret(),
      });
      if (sent > 0) {
        log.info({ sent }, "monthly SLA reports queued");
        options.mailQueued();
      }
    },
    everyMs: LOOK_EVERY_MS,
    runAtStart: true,
    onError: (error) => log.warn({ err: error }, "sending monthly SLA reports failed"),
  });
  void app.register(reportRecipientConfirmationRoutes, { ctx });
  void app.register(reportUnsubscribeRoutes, { ctx, linkSecret });
  if (!options.start) return;
  options.leadership.run({
    name: "monthly SLA reports",
    start: async () => mailing.start(),
    stop: () => mailing.stop(),
  });
}
