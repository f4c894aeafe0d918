import type { FastifyInstance, FastifyRequest } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import { createApiKey } from "../../services/api-keys/create-api-key.ts";
import { listApiKeys } from "../../services/api-keys/list-api-keys.ts";
import { revokeApiKey } from "../../services/api-keys/revoke-api-key.ts";
import type { ServiceContext } from "../../services/context.ts";
import type { LiveStreams } from "./api-deps.ts";
import { OPERATIONS as OP } from "./operations.ts";
import { parseWith } from "./parse.ts";
import { presentApiKey } from "./present-auth.ts";

/** `/api/v1/api-keys`: the account's keys, made and revoked by the signed-in app or by a key. */
export async function apiKeyRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; live: LiveStreams },
) {
  const { ctx } = options;
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(OP.listApiKeys.url, async (request) => ({
    data: (await listApiKeys(ctx, accessOf(request).accountId)).map(presentApiKey),
  }));

  app.post(OP.createApiKey.url, async (request, reply) => {
    const input = parseWith(OP.createApiKey.body, request.body);
    const created = await createApiKey(ctx, accessOf(request).accountId, input.name);
    return reply.code(OP.createApiKey.status).send({
      ...presentApiKey({ ...created, lastUsedAt: null, revokedAt: null }),
      key: created.key,
    });
  });

  app.delete(
    OP.revokeApiKey.url,
    async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      await revokeApiKey(ctx, request.params.id, accessOf(request).accountId);
      options.live.endCredential(`key:${request.params.id}`);
      return reply.code(OP.revokeApiKey.status).send();
    },
  );
}
