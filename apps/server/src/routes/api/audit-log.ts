import { Readable } from "node:stream";
import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { exportAuditEvents } from "../../services/audit/export-audit-events.ts";
import { listAuditActors } from "../../services/audit/list-audit-actors.ts";
import { listAuditEvents } from "../../services/audit/list-audit-events.ts";
import type { ServiceContext } from "../../services/context.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/audit-log`: who changed what in the account, as pages or as a CSV file. */
export async function auditLogRoutes(app: FastifyInstance, options: { ctx: ServiceContext }) {
  const { ctx } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  api.route({
    ...routeOf(OP.listAuditEvents),
    handler: async (request) => {
      const page = await listAuditEvents(ctx, accessOf(request), request.query);
      return { data: page.events, next_before: page.nextBefore };
    },
  });

  api.route({
    ...routeOf(OP.exportAuditEvents),
    handler: async (request, reply) => {
      const lines = await exportAuditEvents(ctx, accessOf(request), request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="audit-log.csv"')
        .send(Readable.from(lines));
    },
  });

  api.route({
    ...routeOf(OP.listAuditActors),
    handler: async (request) => ({ data: await listAuditActors(ctx, accessOf(request)) }),
  });
}
