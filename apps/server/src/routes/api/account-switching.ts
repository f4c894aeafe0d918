import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentSignedIn } from "../../presenters/auth.ts";
import type { AuthContext } from "../../services/auth/auth-context.ts";
import { createAnotherAccount } from "../../services/members/create-another-account.ts";
import { switchAccount } from "../../services/members/switch-account.ts";
import type { LiveStreams } from "./api-deps.ts";
import { routeOf } from "./route-of.ts";

/** Moving the signed-in session between the person's accounts, and making another account. */
export async function accountSwitchingRoutes(
  app: FastifyInstance,
  options: { auth: AuthContext; live: LiveStreams },
) {
  const { auth, live } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The session's live streams belonged to the account it left.
  const endStreams = (sessionId: string | undefined) => {
    if (sessionId) live.endCredential(`session:${sessionId}`);
  };

  api.route({
    ...routeOf(OP.switchAccount),
    handler: async (request) => {
      const access = accessOf(request);
      const view = await switchAccount(auth, access, request.body.account_id);
      endStreams(access.sessionId);
      return presentSignedIn(view);
    },
  });

  api.route({
    ...routeOf(OP.createAnotherAccount),
    handler: async (request, reply) => {
      const access = accessOf(request);
      const view = await createAnotherAccount(auth, access, request.body.name);
      endStreams(access.sessionId);
      return reply.code(OP.createAnotherAccount.status).send(presentSignedIn(view));
    },
  });
}
