import { OPERATIONS as OP, type slaReportQuery } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentSlaReport, presentSlaSchedule } from "../../presenters/sla-reports.ts";
import type { ServiceContext } from "../../services/context.ts";
import { slaReportPdf } from "../../services/sla-reports/pdf/sla-report-pdf.ts";
import { reportForQuery } from "../../services/sla-reports/report-for-query.ts";
import {
  deleteSlaSchedule,
  updateSlaSchedule,
} from "../../services/sla-reports/schedules/change-sla-schedule.ts";
import { createSlaSchedule } from "../../services/sla-reports/schedules/create-sla-schedule.ts";
import { listSlaSchedules } from "../../services/sla-reports/schedules/list-sla-schedules.ts";
import { resendRecipientConfirmation } from "../../services/sla-reports/schedules/resend-recipient-confirmation.ts";
import type { SlaSchedule } from "../../services/sla-reports/schedules/sla-schedule-record.ts";
import { slaReportCsv, slaReportFileName } from "../../services/sla-reports/sla-report-csv.ts";
import { routeOf } from "./route-of.ts";

type ReportQuery = z.output<typeof slaReportQuery>;

const asQuery = (query: ReportQuery) => ({
  subjectType: query.subject_type,
  subjectId: query.subject_id,
  month: query.month,
  from: query.from,
  to: query.to,
  target: query.target,
});

/** `/api/v1/reports`: SLA reports as JSON, CSV and PDF, and the schedules that mail them. */
export async function slaReportRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; confirmLinkBase: string; mailQueued: () => void },
) {
  const { ctx, confirmLinkBase, mailQueued } = options;
  const nudgeMail = (schedule: SlaSchedule) => {
    if (schedule.confirmedRecipients.length < schedule.recipients.length) mailQueued();
    return schedule;
  };
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  api.route({
    ...routeOf(OP.getSlaReport),
    handler: async (request) =>
      presentSlaReport(await reportForQuery(ctx, accessOf(request), asQuery(request.query))),
  });

  api.route({
    ...routeOf(OP.exportSlaReportCsv),
    handler: async (request, reply) => {
      const report = await reportForQuery(ctx, accessOf(request), asQuery(request.query));
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${slaReportFileName(report)}.csv"`)
        .send(slaReportCsv(report));
    },
  });

  api.route({
    ...routeOf(OP.exportSlaReportPdf),
    handler: async (request, reply) => {
      const report = await reportForQuery(ctx, accessOf(request), asQuery(request.query));
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${slaReportFileName(report)}.pdf"`)
        .send(await slaReportPdf(report));
    },
  });

  api.route({
    ...routeOf(OP.listSlaSchedules),
    handler: async (request) => ({
      data: (await listSlaSchedules(ctx, accessOf(request))).map(presentSlaSchedule),
    }),
  });

  api.route({
    ...routeOf(OP.createSlaSchedule),
    handler: async (request, reply) => {
      const body = request.body;
      const schedule = nudgeMail(
        await createSlaSchedule(
          ctx,
          accessOf(request),
          {
            subject: { type: body.subject_type, id: body.subject_id },
            targetPercent: body.target,
            recipients: body.recipients,
          },
          confirmLinkBase,
        ),
      );
      return reply.code(OP.createSlaSchedule.status).send(presentSlaSchedule(schedule));
    },
  });

  api.route({
    ...routeOf(OP.updateSlaSchedule),
    handler: async (request) =>
      presentSlaSchedule(
        nudgeMail(
          await updateSlaSchedule(
            ctx,
            accessOf(request),
            request.params.id,
            { targetPercent: request.body.target, recipients: request.body.recipients },
            confirmLinkBase,
          ),
        ),
      ),
  });

  api.route({
    ...routeOf(OP.resendSlaScheduleConfirmation),
    handler: async (request) => {
      const schedule = await resendRecipientConfirmation(
        ctx,
        accessOf(request),
        request.params.id,
        request.body.address,
        confirmLinkBase,
      );
      mailQueued();
      return presentSlaSchedule(schedule);
    },
  });

  api.route({
    ...routeOf(OP.deleteSlaSchedule),
    handler: async (request, reply) => {
      await deleteSlaSchedule(ctx, accessOf(request), request.params.id);
      return reply.code(OP.deleteSlaSchedule.status).send();
    },
  });
}
