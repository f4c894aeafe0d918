import { getPlan } from "@upwatch/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import { listCheckResults } from "../../services/checks/list-check-results.ts";
import { monitorStats } from "../../services/checks/monitor-stats.ts";
import type { ServiceContext } from "../../services/context.ts";
import { OPERATIONS as OP } from "./operations.ts";
import { parseWith } from "./parse.ts";
import { presentCheck, presentStats } from "./present.ts";

type WithId = FastifyRequest<{ Params: { id: string } }>;

/** `/api/v1/monitors/{id}/checks` and `/stats`: what the checks found. */
export async function monitorResultRoutes(app: FastifyInstance, options: { ctx: ServiceContext }) {
  const { ctx } = options;

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

  app.get(OP.monitorStats.url, async (request: WithId) => {
    const query = parseWith(OP.monitorStats.query, request.query);
    return presentStats(await monitorStats(ctx, accessOf(request), request.params.id, query.range));
  });
}
