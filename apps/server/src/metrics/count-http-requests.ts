import type { FastifyInstance } from "fastify";
import type { HttpMetrics } from "./server-metrics.ts";

/** Requests that matched no route share one label, so unknown addresses cannot grow the series. */
const UNMATCHED = "unmatched";

/** Counts every answered request by its route pattern (`/api/v1/monitors/:id`), never its URL. */
export function countHttpRequests(app: FastifyInstance, metrics: HttpMetrics): void {
  app.addHook("onResponse", async (request, reply) => {
    metrics.requestAnswered({
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
}
