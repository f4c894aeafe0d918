import { getPlan } from "@upwatch/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import { checkMonitorNow, type ImmediateChecks } from "../../services/checks/check-monitor-now.ts";
import { listCheckResults } from "../../services/checks/list-check-results.ts";
import { monitorStats } from "../../services/checks/monitor-stats.ts";
import type { ServiceContext } from "../../services/context.ts";
import { OPERATIONS as OP } from "./operations.ts";
import { parseWith } from "./parse.ts";
import { presentCheck, presentStats } from "./present.ts";

type WithId = FastifyRequest<{ Params: { id: string } }>;

export interface MonitorResultRouteOptions {
  ctx: ServiceContext;
  /** The engine, when this server runs checks. */
  checks: ImmediateChecks | undefined;
}

/** `/api/v1/monitors/{id}/checks`, `/stats` and `/check`: what the checks found; check now. */
export async function monitorResultRoutes(
  app: FastifyInstance,
  options: MonitorResultRouteOptions,
) {
  const { ctx, checks } = options;

  app.get(OP.listChecks.url, async (request: WithId) => {
    const access = accessOf(request);
    const query = parseWith(OP.listChecks.query, request.query);
    const page = await listCheckResults(ctx, access, request.params.id, query);
    const withPhases = getPlan(access.plan).limits.allCheckTypes;
    return {
      data: page.results.map((row) => presentCheck(row, withPhases)),
      next_before: page.nextBefore,
    };
  });

  app.post(OP.checkMonitorNow.url, async (request: WithId) => {
    const access = accessOf(request);
    const row = await checkMonitorNow(ctx, access, request.params.id, checks);
    return presentCheck(row, getPlan(access.plan).limits.allCheckTypes);
  });

  app.get(OP.monitorStats.url, async (request: WithId) => {
    const query = parseWith(OP.monitorStats.query, request.query);
    return presentStats(await monitorStats(ctx, accessOf(request), request.params.id, query.range));
  });
}
