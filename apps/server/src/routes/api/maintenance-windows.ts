import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import type { ServiceContext } from "../../services/context.ts";
import { createMaintenanceWindow } from "../../services/maintenance-windows/create-maintenance-window.ts";
import { deleteMaintenanceWindow } from "../../services/maintenance-windows/delete-maintenance-window.ts";
import {
  getMaintenanceWindow,
  listMaintenanceWindows,
} from "../../services/maintenance-windows/list-maintenance-windows.ts";
import { skipMaintenanceOccurrence } from "../../services/maintenance-windows/skip-maintenance-occurrence.ts";
import { updateMaintenanceWindow } from "../../services/maintenance-windows/update-maintenance-window.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/maintenance-windows`: maintenance of monitors and groups without a status page. */
export async function maintenanceWindowRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext },
) {
  const { ctx } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(OP.listMaintenanceWindows),
    handler: async (request) => ({ data: await listMaintenanceWindows(ctx, accessOf(request)) }),
  });
  api.route({
    ...routeOf(OP.createMaintenanceWindow),
    handler: async (request, reply) =>
      reply
        .code(OP.createMaintenanceWindow.status)
        .send(await createMaintenanceWindow(ctx, accessOf(request), request.body)),
  });
  api.route({
    ...routeOf(OP.getMaintenanceWindow),
    handler: async (request) => getMaintenanceWindow(ctx, accessOf(request), request.params.id),
  });
  api.route({
    ...routeOf(OP.updateMaintenanceWindow),
    handler: async (request) =>
      updateMaintenanceWindow(ctx, accessOf(request), request.params.id, request.body),
  });
  api.route({
    ...routeOf(OP.deleteMaintenanceWindow),
    handler: async (request, reply) => {
      await deleteMaintenanceWindow(ctx, accessOf(request), request.params.id);
      return reply.code(OP.deleteMaintenanceWindow.status).send();
    },
  });
  api.route({
    ...routeOf(OP.skipMaintenanceOccurrence),
    handler: async (request) =>
      skipMaintenanceOccurrence(
        ctx,
        accessOf(request),
        request.params.id,
        request.body.occurrence_starts_at,
      ),
  });
}
