import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import type { ServiceContext } from "../../services/context.ts";
import { customSeriesPoints } from "../../services/custom-metrics/custom-series-points.ts";
import { listCustomSeries } from "../../services/custom-metrics/list-custom-series.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/agents/:id/custom-metrics`: an agent's custom series and their values. */
export async function agentCustomMetricRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext },
) {
  const { ctx } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(OP.listCustomSeries),
    handler: async (request) => listCustomSeries(ctx, accessOf(request), request.params.id),
  });
  api.route({
    ...routeOf(OP.getCustomSeriesPoints),
    handler: async (request) =>
      customSeriesPoints(
        ctx,
        accessOf(request),
        request.params.id,
        request.params.seriesId,
        request.query.range,
      ),
  });
}
