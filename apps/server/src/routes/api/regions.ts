import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentRegions } from "../../presenters/monitors.ts";
import type { ServiceContext } from "../../services/context.ts";
import { listRegions } from "../../services/regions/list-regions.ts";
import type { Regions } from "./api-deps.ts";
import { routeOf } from "./route-of.ts";

export interface RegionRouteOptions {
  ctx: ServiceContext;
  regions: Regions;
}

/** `/api/v1/regions`: the region catalogue, which regions are served and their outages. */
export async function regionRoutes(app: FastifyInstance, options: RegionRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(OP.listRegions),
    handler: async () => presentRegions(await listRegions(options.ctx, options.regions)),
  });
}
