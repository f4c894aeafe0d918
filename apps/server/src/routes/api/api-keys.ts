import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentApiKey } from "../../presenters/auth.ts";
import { createApiKey } from "../../services/api-keys/create-api-key.ts";
import { listApiKeys } from "../../services/api-keys/list-api-keys.ts";
import { revokeApiKey } from "../../services/api-keys/revoke-api-key.ts";
import { actorOf } from "../../services/audit/record-audit-event.ts";
import type { ServiceContext } from "../../services/context.ts";
import type { LiveStreams } from "./api-deps.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/api-keys`: the account's keys, made and revoked by the signed-in app or by a key. */
export async function apiKeyRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; live: LiveStreams },
) {
  const { ctx } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  api.route({
    ...routeOf(OP.listApiKeys),
    handler: async (request) => ({
      data: (await listApiKeys(ctx, accessOf(request).accountId)).map(presentApiKey),
    }),
  });

  api.route({
    ...routeOf(OP.createApiKey),
    handler: async (request, reply) => {
      const access = accessOf(request);
      const created = await createApiKey(ctx, access.accountId, request.body.name, {
        scope: request.body.scope,
        createdBy: access.userId,
        makerPermissions: access.permissions,
        actor: actorOf(access),
      });
      return reply.code(OP.createApiKey.status).send({
        ...presentApiKey({ ...created, lastUsedAt: null, revokedAt: null }),
        key: created.key,
      });
    },
  });

  api.route({
    ...routeOf(OP.revokeApiKey),
    handler: async (request, reply) => {
      const access = accessOf(request);
      await revokeApiKey(ctx, request.params.id, access.accountId, actorOf(access));
      options.live.endCredential(`key:${request.params.id}`);
      return reply.code(OP.revokeApiKey.status).send();
    },
  });
}
