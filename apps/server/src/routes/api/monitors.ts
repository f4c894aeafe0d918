import type { FastifyInstance, FastifyRequest } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ServiceContext } from "../../services/context.ts";
import { createMonitor } from "../../services/monitors/create-monitor.ts";
import { deleteMonitor } from "../../services/monitors/delete-monitor.ts";
import { getMonitor } from "../../services/monitors/get-monitor.ts";
import { getMonitorOverview } from "../../services/monitors/get-monitor-overview.ts";
import { listMonitors } from "../../services/monitors/list-monitors.ts";
import type { MonitorChanges } from "../../services/monitors/monitor-changes.ts";
import { setMonitorPaused } from "../../services/monitors/set-monitor-paused.ts";
import { updateMonitor } from "../../services/monitors/update-monitor.ts";
import { OPERATIONS as OP } from "./operations.ts";
import { parseWith } from "./parse.ts";
import { presentMonitor, presentOverview } from "./present.ts";

export interface MonitorRouteOptions {
  ctx: ServiceContext;
  changes: MonitorChanges;
}

type WithId = FastifyRequest<{ Params: { id: string } }>;

/** `/api/v1/monitors`: create, read, change, delete, pause and resume monitors; the overview. */
export async function monitorRoutes(app: FastifyInstance, options: MonitorRouteOptions) {
  const { ctx, changes } = options;

  app.get(OP.listMonitors.url, async (request) => ({
    data: (await listMonitors(ctx, accessOf(request))).map(presentMonitor),
  }));

  app.post(OP.createMonitor.url, async (request, reply) => {
    const input = parseWith(OP.createMonitor.body, request.body);
    const monitor = await createMonitor(ctx, accessOf(request), input, changes);
    return reply.code(OP.createMonitor.status).send(presentMonitor(monitor));
  });

  // Before `/monitors/:id`, so "overview" is never read as a monitor id.
  app.get(OP.monitorOverview.url, async (request) => ({
    data: (await getMonitorOverview(ctx, accessOf(request))).map(presentOverview),
  }));

  app.get(OP.getMonitor.url, async (request: WithId) =>
    presentMonitor(await getMonitor(ctx, accessOf(request), request.params.id)),
  );

  app.patch(OP.updateMonitor.url, async (request: WithId) => {
    const patch = parseWith(OP.updateMonitor.body, request.body);
    const monitor = await updateMonitor(ctx, accessOf(request), request.params.id, patch, changes);
    return presentMonitor(monitor);
  });

  app.delete(OP.deleteMonitor.url, async (request: WithId, reply) => {
    await deleteMonitor(ctx, accessOf(request), request.params.id, changes);
    return reply.code(OP.deleteMonitor.status).send();
  });

  for (const [operation, paused] of [
    [OP.pauseMonitor, true],
    [OP.resumeMonitor, false],
  ] as const) {
    app.post(operation.url, async (request: WithId) => {
      const monitor = await setMonitorPaused(
        ctx,
        accessOf(request),
        request.params.id,
        paused,
        changes,
      );
      return presentMonitor(monitor);
    });
  }
}
