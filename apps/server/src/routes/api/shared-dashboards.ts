import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { rateLimitByAddress } from "../../http/rate-limits/limit-by-address.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentSharedDashboard } from "../../presenters/dashboards.ts";
import type { ServiceContext } from "../../services/context.ts";
import { viewSharedDashboard } from "../../services/dashboards/index.ts";
import { routeOf } from "./route-of.ts";

/** A wall polls every 30 seconds; this leaves room for a few walls behind one office address. */
const SHARED_VIEWS_PER_TEN_MINUTES = 200;

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
  const limit = rateLimitByAddress(app, {
    name: "shared-dashboard",
    limit: SHARED_VIEWS_PER_TEN_MINUTES,
    windowMs: 600_000,
    message: (wait) =>
      `Your address asked for shared boards more than ${SHARED_VIEWS_PER_TEN_MINUTES} times in ten minutes. Try again in ${wait}.`,
  });

  api.route({
    ...routeOf(OP.viewSharedDashboard),
    onRequest: limit,
    handler: async (request) =>
      presentSharedDashboard(await viewSharedDashboard(options.ctx, request.params.token)),
  });
}
