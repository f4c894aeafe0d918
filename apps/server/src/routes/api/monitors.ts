import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import type { ServiceContext } from "../../services/context.ts";
import { createMonitor } from "../../services/monitors/create-monitor.ts";
import { deleteMonitor } from "../../services/monitors/delete-monitor.ts";
import { getMonitor } from "../../services/monitors/get-monitor.ts";
import { getMonitorOverview } from "../../services/monitors/get-monitor-overview.ts";
import { listMonitors } from "../../services/monitors/list-monitors.ts";
import type { MonitorChanges } from "../../services/monitors/monitor-changes.ts";
import { setMonitorPaused } from "../../services/monitors/set-monitor-paused.ts";
import { updateMonitor } from "../../services/monitors/update-monitor.ts";
import { presentMonitor, presentOverview } from "./present.ts";
import { routeOf } from "./route-of.ts";

export interface MonitorRouteOptions {
  ctx: ServiceContext;
  changes: MonitorChanges;
}

/** `/api/v1/monitors`: create, read, change, delete, pause and resume monitors; the overview. */
export async function monitorRoutes(app: FastifyInstance, options: MonitorRouteOptions) {
  const { ctx, changes } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(OP.listMonitors),
    handler: async (request) => ({
      data: (await listMonitors(ctx, accessOf(request))).map(presentMonitor),
    }),
  });

  api.route({
    ...routeOf(OP.createMonitor),
    handler: async (request, reply) => {
      const monitor = await createMonitor(ctx, accessOf(request), request.body, changes);
      return reply.code(OP.createMonitor.status).send(presentMonitor(monitor));
    },
  });

  // Before `/monitors/:id`, so "overview" is never read as a monitor id.
  api.route({
    ...routeOf(OP.monitorOverview),
    handler: async (request) => ({
      data: (await getMonitorOverview(ctx, accessOf(request))).map(presentOverview),
    }),
  });

  api.route({
    ...routeOf(OP.getMonitor),
    handler: async (request) =>
      presentMonitor(await getMonitor(ctx, accessOf(request), request.params.id)),
  });

  api.route({
    ...routeOf(OP.updateMonitor),
    handler: async (request) => {
      const { id } = request.params;
      const monitor = await updateMonitor(ctx, accessOf(request), id, request.body, changes);
      return presentMonitor(monitor);
    },
  });

  api.route({
    ...routeOf(OP.deleteMonitor),
    handler: async (request, reply) => {
      await deleteMonitor(ctx, accessOf(request), request.params.id, changes);
      return reply.code(OP.deleteMonitor.status).send();
    },
  });

  for (const [operation, paused] of [
    [OP.pauseMonitor, true],
    [OP.resumeMonitor, false],
  ] as const) {
    api.route({
      ...routeOf(operation),
      handler: async (request) => {
        const monitor = await setMonitorPaused(
          ctx,
          accessOf(request),
          request.params.id,
          paused,
          changes,
        );
        return presentMonitor(monitor);
      },
    });
  }
}
