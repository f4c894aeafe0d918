import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { refuseOtherOrigins } from "../../http/same-origin.ts";
import { setSessionCookie } from "../../http/session-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentSignedIn } from "../../presenters/auth.ts";
import { presentInvitationPreview } from "../../presenters/members.ts";
import { presentSecondStep } from "../../presenters/two-factor.ts";
import { registerByInvitation } from "../../services/invitations/register-by-invitation.ts";
import { showInvitation } from "../../services/invitations/show-invitation.ts";
import type { Accounts } from "./api-deps.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/invitations/by-token/...` for anyone holding a link: what it offers, and joining. */
export async function invitationLinkRoutes(app: FastifyInstance, options: { accounts: Accounts }) {
  const { auth, session } = options.accounts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  api.route({
    ...routeOf(OP.showInvitation),
    handler: async (request) =>
      presentInvitationPreview(await showInvitation(auth, request.params.token)),
  });

  api.route({
    ...routeOf(OP.registerByInvitation),
    onRequest: async (request: FastifyRequest) =>
      refuseOtherOrigins(request, session.allowedOrigins),
    handler: async (request, reply) => {
      const step = await registerByInvitation(auth, request.params.token, {
        password: request.body.password,
        clientAddress: request.ip,
        userAgent: request.headers["user-agent"],
      });
      const status = OP.registerByInvitation.status;
      if (step.kind !== "signed-in") return reply.code(status).send(presentSecondStep(step));
      setSessionCookie(reply, session, step.signedIn.session.token);
      return reply.code(status).send(presentSignedIn(step.signedIn));
    },
  });
}
