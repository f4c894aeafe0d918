import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import { requireSession } from "../../http/session-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentSession } from "../../presenters/two-factor.ts";
import { sessionOf } from "../../services/auth/get-session.ts";
import { endOwnSession } from "../../services/sessions/end-own-session.ts";
import { listSessions } from "../../services/sessions/list-sessions.ts";
import type { Accounts, LiveStreams } from "./api-deps.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/auth/sessions`: where a person is signed in, and signing one of them out. */
export async function sessionRoutes(
  app: FastifyInstance,
  options: { accounts: Accounts; live: LiveStreams },
) {
  const { auth, session } = options.accounts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const signedIn = { onRequest: requireSession(session) };

  api.route({
    ...routeOf(OP.listSessions),
    ...signedIn,
    handler: async (request) => {
      const sessions = await listSessions(auth, sessionOf(accessOf(request)));
      return { data: sessions.map(presentSession) };
    },
  });

  api.route({
    ...routeOf(OP.endSessionById),
    ...signedIn,
    handler: async (request, reply) => {
      const access = accessOf(request);
      const { userId } = sessionOf(access);
      const ended = await endOwnSession(
        auth,
        { userId, clientAddress: access.clientAddress, userAgent: access.userAgent },
        request.params.id,
      );
      options.live.endCredential(`session:${ended}`);
      return reply.code(OP.endSessionById.status).send();
    },
  });
}
