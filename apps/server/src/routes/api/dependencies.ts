import type { FastifyInstance, FastifyRequest } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ServiceContext } from "../../services/context.ts";
import { createDependency } from "../../services/dependencies/create-dependency.ts";
import { deleteDependency } from "../../services/dependencies/delete-dependency.ts";
import { listDependencies } from "../../services/dependencies/list-dependencies.ts";
import type { Alerting } from "./api-deps.ts";
import { OPERATIONS as OP } from "./operations.ts";
import { parseWith } from "./parse.ts";
import { presentDependency } from "./present-alerting.ts";

/** `/api/v1/dependencies`: which monitors' notifications wait while their parents are down. */
export async function dependencyRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; alerting: Alerting },
) {
  const { ctx, alerting } = options;

  app.get(OP.listDependencies.url, async (request) => ({
    data: (await listDependencies(ctx, accessOf(request))).map(presentDependency),
  }));

  app.post(OP.createDependency.url, async (request, reply) => {
    const input = parseWith(OP.createDependency.body, request.body);
    const dependency = await createDependency(ctx, accessOf(request), input);
    return reply.code(OP.createDependency.status).send(presentDependency(dependency));
  });

  app.delete(
    OP.deleteDependency.url,
    async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      await deleteDependency(ctx, alerting.hooks, accessOf(request), request.params.id);
      return reply.code(OP.deleteDependency.status).send();
    },
  );
}
