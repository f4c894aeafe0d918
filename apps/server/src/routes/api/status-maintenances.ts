import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentMaintenance } from "../../presenters/status-notices.ts";
import type { ServiceContext } from "../../services/context.ts";
import { createStatusMaintenance } from "../../services/status-maintenance/create-status-maintenance.ts";
import { deleteStatusMaintenance } from "../../services/status-maintenance/delete-status-maintenance.ts";
import { endStatusMaintenance } from "../../services/status-maintenance/end-status-maintenance.ts";
import { listStatusMaintenances } from "../../services/status-maintenance/list-status-maintenances.ts";
import { skipStatusMaintenanceOccurrence } from "../../services/status-maintenance/skip-status-maintenance-occurrence.ts";
import { updateStatusMaintenance } from "../../services/status-maintenance/update-status-maintenance.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/status-pages/:id/maintenances`: scheduled maintenance windows. */
export async function statusMaintenanceRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext },
) {
  const { ctx } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ids = (params: { id: string; maintenanceId: string }) => ({
    pageId: params.id,
    maintenanceId: params.maintenanceId,
  });

  api.route({
    ...routeOf(OP.listStatusMaintenances),
    handler: async (request) => ({
      data: (await listStatusMaintenances(ctx, accessOf(request), request.params.id)).map(
        presentMaintenance,
      ),
    }),
  });

  api.route({
    ...routeOf(OP.createStatusMaintenance),
    handler: async (request, reply) => {
      const view = await createStatusMaintenance(
        ctx,
        accessOf(request),
        request.params.id,
        request.body,
      );
      app.statusNotices?.wake();
      return reply.code(OP.createStatusMaintenance.status).send(presentMaintenance(view));
    },
  });

  api.route({
    ...routeOf(OP.updateStatusMaintenance),
    handler: async (request) =>
      presentMaintenance(
        await updateStatusMaintenance(ctx, accessOf(request), ids(request.params), request.body),
      ),
  });

  api.route({
    ...routeOf(OP.endStatusMaintenance),
    handler: async (request) => {
      const view = await endStatusMaintenance(ctx, accessOf(request), ids(request.params));
      app.statusNotices?.wake();
      return presentMaintenance(view);
    },
  });

  api.route({
    ...routeOf(OP.skipStatusMaintenanceOccurrence),
    handler: async (request) =>
      presentMaintenance(
        await skipStatusMaintenanceOccurrence(
          ctx,
          accessOf(request),
          ids(request.params),
          request.body.occurrence_starts_at,
        ),
      ),
  });

  api.route({
    ...routeOf(OP.deleteStatusMaintenance),
    handler: async (request, reply) => {
      await deleteStatusMaintenance(ctx, accessOf(request), ids(request.params));
      return reply.code(OP.deleteStatusMaintenance.status).send();
    },
  });
}
