import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import type { MonitorChanges } from "../../engine/engine-ports.ts";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import type { ServiceContext } from "../../services/context.ts";
import { createSecureVariable } from "../../services/secure-variables/create-secure-variable.ts";
import { deleteSecureVariable } from "../../services/secure-variables/delete-secure-variable.ts";
import { listSecureVariables } from "../../services/secure-variables/list-secure-variables.ts";
import { replaceSecureVariable } from "../../services/secure-variables/replace-secure-variable.ts";
import type { SecureVariableSummary } from "../../services/secure-variables/secure-variable-record.ts";
import { isoTime } from "../../time.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/secure-variables`: values are written here and never read back through the API. */
export async function secureVariableRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; changes: MonitorChanges },
) {
  const { ctx, changes } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  api.route({
    ...routeOf(OP.listSecureVariables),
    handler: async (request) => ({
      data: (await listSecureVariables(ctx, accessOf(request).accountId)).map(present),
    }),
  });

  api.route({
    ...routeOf(OP.createSecureVariable),
    handler: async (request, reply) => {
      const created = await createSecureVariable(ctx, accessOf(request), request.body);
      return reply.code(OP.createSecureVariable.status).send(present(created));
    },
  });

  api.route({
    ...routeOf(OP.replaceSecureVariable),
    handler: async (request) =>
      present(
        await replaceSecureVariable(
          ctx,
          accessOf(request),
          request.params.name,
          request.body.value,
          changes,
        ),
      ),
  });

  api.route({
    ...routeOf(OP.deleteSecureVariable),
    handler: async (request, reply) => {
      await deleteSecureVariable(ctx, accessOf(request), request.params.name);
      return reply.code(OP.deleteSecureVariable.status).send();
    },
  });
}

function present(variable: SecureVariableSummary) {
  return {
    name: variable.name,
    created_at: isoTime(variable.createdAt),
    updated_at: isoTime(variable.updatedAt),
    used_by: variable.usedBy,
  };
}
