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
import type { Monitor } from "../../services/monitors/monitor-record.ts";
import { setMonitorPaused } from "../../services/monitors/set-monitor-paused.ts";
import { updateMonitor } from "../../services/monitors/update-monitor.ts";
import type { RegionDirectory } from "../../services/regions/region-directory.ts";
import { presentMonitor, presentOverview } from "./present.ts";
import { routeOf } from "./route-of.ts";

export interface MonitorRouteOptions {
  ctx: ServiceContext;
  changes: MonitorChanges;
  regions: RegionDirectory;
}

/**
 * A multi-step check may hold 25 steps with 64 KiB bodies: its settings are read in full, so
 * one step's body over its limit is refused with a sentence naming the step.
 */
const MONITOR_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** `/api/v1/monitors`: create, read, change, delete, pause and resume monitors; the overview. */
export async function monitorRoutes(app: FastifyInstance, options: MonitorRouteOptions) {
  const { ctx, changes, regions } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const present = async (monitor: Monitor) => presentMonitor(monitor, await regions.served());

  api.route({
    ...routeOf(OP.listMonitors),
    handler: async (request) => {
      const monitors = await listMonitors(ctx, accessOf(request));
      const served = await regions.served();
      return { data: monitors.map((monitor) => presentMonitor(monitor, served)) };
    },
  });

  api.route({
    ...routeOf(OP.createMonitor),
    bodyLimit: MONITOR_BODY_LIMIT_BYTES,
    handler: async (request, reply) => {
      const monitor = await createMonitor(ctx, accessOf(request), request.body, changes, regions);
      return reply.code(OP.createMonitor.status).send(await present(monitor));
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
      present(await getMonitor(ctx, accessOf(request), request.params.id)),
  });

  api.route({
    ...routeOf(OP.updateMonitor),
    bodyLimit: MONITOR_BODY_LIMIT_BYTES,
    handler: async (request) => {
      const { id } = request.params;
      const access = accessOf(request);
      const monitor = await updateMonitor(ctx, access, id, request.body, changes, regions);
      return present(monitor);
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
        return present(monitor);
      },
    });
  }
}
