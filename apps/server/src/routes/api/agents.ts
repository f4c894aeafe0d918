import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import type { AgentKeyCache } from "../../services/agents/authenticate-agent.ts";
import * as agents from "../../services/agents/index.ts";
import type { ServiceContext } from "../../services/context.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/agents`: the account's agents, their keys and metrics. */
export async function agentRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; keys: AgentKeyCache },
) {
  const { ctx, keys } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(OP.listAgents),
    handler: async (request) => ({ data: await agents.listAgents(ctx, accessOf(request)) }),
  });
  api.route({
    ...routeOf(OP.createAgent),
    handler: async (request, reply) =>
      reply
        .code(OP.createAgent.status)
        .send(await agents.createAgent(ctx, accessOf(request), request.body)),
  });
  api.route({
    ...routeOf(OP.getAgent),
    handler: async (request) => agents.getAgent(ctx, accessOf(request), request.params.id),
  });
  api.route({
    ...routeOf(OP.getAgentMetrics),
    handler: async (request) =>
      agents.getAgentMetrics(ctx, accessOf(request), request.params.id, request.query.range),
  });
  api.route({
    ...routeOf(OP.updateAgent),
    handler: async (request) =>
      agents.updateAgent(ctx, accessOf(request), request.params.id, request.body),
  });
  api.route({
    ...routeOf(OP.deleteAgent),
    handler: async (request, reply) => {
      await agents.deleteAgent(ctx, accessOf(request), request.params.id, keys);
      return reply.code(OP.deleteAgent.status).send();
    },
  });
  api.route({
    ...routeOf(OP.issueAgentKey),
    handler: async (request) =>
      agents.issueAgentKey(ctx, accessOf(request), request.params.id, keys),
  });
  api.route({
    ...routeOf(OP.revokeAgentKey),
    handler: async (request) =>
      agents.revokeAgentKey(ctx, accessOf(request), request.params.id, keys),
  });
}
