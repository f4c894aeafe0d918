import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import {
  PROMETHEUS_CONTENT_TYPE,
  renderPrometheusText,
} from "../../presenters/prometheus-exposition.ts";
import type { ServiceContext } from "../../services/context.ts";
import { readMonitorMetrics } from "../../services/monitor-metrics/read-monitor-metrics.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/metrics/monitors`: the account's monitors for a Prometheus scrape. */
export async function monitorMetricsRoutes(app: FastifyInstance, options: { ctx: ServiceContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(OP.prometheusMetrics),
    handler: async (request, reply) => {
      const metrics = await readMonitorMetrics(options.ctx, accessOf(request));
      return reply
        .header("cache-control", "no-store")
        .type(PROMETHEUS_CONTENT_TYPE)
        .send(renderPrometheusText(metrics));
    },
  });
}
