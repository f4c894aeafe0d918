import { OPERATIONS as OP } from "@upwatch/api";
import { getPlan } from "@upwatch/core";
import type { FastifyInstance } from "fastify";
import type { ImmediateChecks } from "../../engine/engine-ports.ts";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentCheck, presentRegionLatency, presentStats } from "../../presenters/monitors.ts";
import { checkMonitorNow } from "../../services/checks/check-monitor-now.ts";
import { listCheckResults } from "../../services/checks/list-check-results.ts";
import { monitorStats } from "../../services/checks/monitor-stats.ts";
import { regionLatency } from "../../services/checks/region-latency.ts";
import type { ServiceContext } from "../../services/context.ts";
import { routeOf } from "./route-of.ts";

export interface MonitorResultRouteOptions {
  ctx: ServiceContext;
  /** The engine, when this server runs checks. */
  checks: ImmediateChecks | undefined;
}

/**
 * `/api/v1/monitors/{id}/checks`, `/stats`, `/region-latency` and `/check`: what the checks
 * found; check now.
 */
export async function monitorResultRoutes(
  app: FastifyInstance,
  options: MonitorResultRouteOptions,
) {
  const { ctx, checks } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(OP.listChecks),
    handler: async (request) => {
      const access = accessOf(request);
      const page = await listCheckResults(ctx, access, request.params.id, request.query);
      const withPhases = getPlan(access.plan).limits.allCheckTypes;
      return {
        data: page.results.map((row) => presentCheck(row, withPhases)),
        next_before: page.nextBefore,
      };
    },
  });

  api.route({
    ...routeOf(OP.checkMonitorNow),
    handler: async (request) => {
      const access = accessOf(request);
      const row = await checkMonitorNow(ctx, access, request.params.id, checks);
      return presentCheck(row, getPlan(access.plan).limits.allCheckTypes);
    },
  });

  api.route({
    ...routeOf(OP.monitorStats),
    handler: async (request) => {
      const { id } = request.params;
      const stats = await monitorStats(ctx, accessOf(request), id, request.query.range);
      return presentStats(stats);
    },
  });

  api.route({
    ...routeOf(OP.monitorRegionLatency),
    handler: async (request) => {
      const { id } = request.params;
      const latency = await regionLatency(ctx, accessOf(request), id, request.query.period);
      return presentRegionLatency(latency);
    },
  });
}
