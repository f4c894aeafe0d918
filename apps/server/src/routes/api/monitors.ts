import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { effectiveChannelsOf } from "../../alerting/index.ts";
import type { MonitorChanges } from "../../engine/engine-ports.ts";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentMonitor, presentOverview } from "../../presenters/monitors.ts";
import type { Monitor } from "../../records/monitor-record.ts";
import type { AccountAccess } from "../../services/accounts/account-access.ts";
import type { ServiceContext } from "../../services/context.ts";
import { loadHeartbeats } from "../../services/heartbeats/load-heartbeats.ts";
import { regenerateHeartbeatToken } from "../../services/heartbeats/regenerate-heartbeat-token.ts";
import { createMonitor } from "../../services/monitors/create-monitor.ts";
import { deleteMonitor } from "../../services/monitors/delete-monitor.ts";
import { getMonitor } from "../../services/monitors/get-monitor.ts";
import { getMonitorOverview } from "../../services/monitors/get-monitor-overview.ts";
import { listMonitors } from "../../services/monitors/list-monitors.ts";
import { loadMonitorAgents } from "../../services/monitors/monitor-agents.ts";
import { setMonitorPaused } from "../../services/monitors/set-monitor-paused.ts";
import { updateMonitor } from "../../services/monitors/update-monitor.ts";
import type { RegionDirectory } from "../../services/regions/region-directory.ts";
import { heartbeatsFor } from "./ping-url-visibility.ts";
import { routeOf } from "./route-of.ts";

export interface MonitorRouteOptions {
  ctx: ServiceContext;
  changes: MonitorChanges;
  regions: RegionDirectory;
  /** Where jobs reach this server: heartbeat ping URLs start with it. */
  publicUrl: string;
}

/**
 * A multi-step check may hold 25 steps with 64 KiB bodies: its settings are read in full, so
 * one step's body over its limit is refused with a sentence naming the step.
 */
const MONITOR_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** `/api/v1/monitors`: create, read, change, delete, pause and resume monitors; the overview. */
export async function monitorRoutes(app: FastifyInstance, options: MonitorRouteOptions) {
  const { ctx, changes, regions, publicUrl } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const heartbeatsOf = (monitors: readonly Monitor[]) =>
    loadHeartbeats(ctx.db, ctx.secrets, publicUrl, monitors);
  // Writes need monitors.manage, so only reads pass the caller's access for the ping URL.
  const present = async (monitor: Monitor, access?: AccountAccess) => {
    const heartbeats = await heartbeatsOf([monitor]);
    return presentMonitor(
      monitor,
      await regions.served(),
      await loadMonitorAgents(ctx.db, [monitor], ctx.now()),
      access ? heartbeatsFor(access, heartbeats) : heartbeats,
    );
  };

  api.route({
    ...routeOf(OP.listMonitors),
    handler: async (request) => {
      const monitors = await listMonitors(ctx, accessOf(request), request.query.group);
      const served = await regions.served();
      const agents = await loadMonitorAgents(ctx.db, monitors, ctx.now());
      const heartbeats = heartbeatsFor(accessOf(request), await heartbeatsOf(monitors));
      return {
        data: monitors.map((monitor) => presentMonitor(monitor, served, agents, heartbeats)),
      };
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
      data: (await getMonitorOverview(ctx, accessOf(request), request.query.group)).map(
        presentOverview,
      ),
    }),
  });

  api.route({
    ...routeOf(OP.getMonitor),
    handler: async (request) => {
      const access = accessOf(request);
      const monitor = await getMonitor(ctx, access, request.params.id);
      const channels = await effectiveChannelsOf(ctx.db, [monitor.id]);
      return {
        ...(await present(monitor, access)),
        effective_channels: channels.get(monitor.id) ?? [],
      };
    },
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

  api.route({
    ...routeOf(OP.regenerateHeartbeatToken),
    handler: async (request) =>
      present(await regenerateHeartbeatToken(ctx, accessOf(request), request.params.id)),
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
