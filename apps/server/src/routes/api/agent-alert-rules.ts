import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import * as agents from "../../services/agents/index.ts";
import type { AlertingHooks } from "../../services/alerts/alerting-hooks.ts";
import type { ServiceContext } from "../../services/context.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/agents/:id/alert-rules`: what about an agent opens an alert. */
export async function agentAlertRuleRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; hooks: AlertingHooks },
) {
  const { ctx, hooks } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(OP.listAgentRules),
    handler: async (request) => agents.listAgentRules(ctx, accessOf(request), request.params.id),
  });
  api.route({
    ...routeOf(OP.createAgentRule),
    handler: async (request, reply) => {
      const rule = await agents.createAgentRule(
        ctx,
        accessOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(OP.createAgentRule.status).send(rule);
    },
  });
  api.route({
    ...routeOf(OP.updateAgentRule),
    handler: async (request) => {
      const { id, ruleId } = request.params;
      return agents.updateAgentRule(ctx, hooks, accessOf(request), id, ruleId, request.body);
    },
  });
  api.route({
    ...routeOf(OP.deleteAgentRule),
    handler: async (request, reply) => {
      const { id, ruleId } = request.params;
      await agents.deleteAgentRule(ctx, hooks, accessOf(request), id, ruleId);
      return reply.code(OP.deleteAgentRule.status).send();
    },
  });
}
