import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentSharedDashboard } from "../../presenters/dashboards.ts";
import type { ServiceContext } from "../../services/context.ts";
import { viewSharedDashboard } from "../../services/dashboards/index.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/shared-dashboards/:token`: a board seen through its read-only link, signed out. */
export async function sharedDashboardRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    reply.header("x-robots-tag", "noindex");
  });

  api.route({
    ...routeOf(OP.viewSharedDashboard),
    handler: async (request) =>
      presentSharedDashboard(await viewSharedDashboard(options.ctx, request.params.token)),
  });
}
