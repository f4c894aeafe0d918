import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentDependency } from "../../presenters/alerting.ts";
import type { ServiceContext } from "../../services/context.ts";
import { createDependency } from "../../services/dependencies/create-dependency.ts";
import { deleteDependency } from "../../services/dependencies/delete-dependency.ts";
import { listDependencies } from "../../services/dependencies/list-dependencies.ts";
import type { Alerting } from "./api-deps.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/dependencies`: which monitors' notifications wait while their parents are down. */
export async function dependencyRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; alerting: Alerting },
) {
  const { ctx, alerting } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(OP.listDependencies),
    handler: async (request) => ({
      data: (await listDependencies(ctx, accessOf(request))).map(presentDependency),
    }),
  });

  api.route({
    ...routeOf(OP.createDependency),
    handler: async (request, reply) => {
      const dependency = await createDependency(ctx, accessOf(request), request.body);
      return reply.code(OP.createDependency.status).send(presentDependency(dependency));
    },
  });

  api.route({
    ...routeOf(OP.deleteDependency),
    handler: async (request, reply) => {
      await deleteDependency(ctx, alerting.hooks, accessOf(request), request.params.id);
      return reply.code(OP.deleteDependency.status).send();
    },
  });
}
