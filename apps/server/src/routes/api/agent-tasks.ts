import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { listAgentTasks } from "../../services/agent-tasks/list-agent-tasks.ts";
import type { ServiceContext } from "../../services/context.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/agents/:id/tasks`: the checks an agent ran for the account's monitors, and their ends. */
export async function agentTaskRoutes(app: FastifyInstance, options: { ctx: ServiceContext }) {
  const { ctx } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(OP.listAgentTasks),
    handler: async (request) =>
      listAgentTasks(ctx, accessOf(request), request.params.id, request.query),
  });
}
