import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentSignedIn } from "../../presenters/auth.ts";
import { presentInvitation } from "../../presenters/members.ts";
import type { AuthContext } from "../../services/auth/auth-context.ts";
import { acceptInvitation } from "../../services/invitations/accept-invitation.ts";
import { inviteMember } from "../../services/invitations/invite-member.ts";
import { listInvitations } from "../../services/invitations/list-invitations.ts";
import { resendInvitation } from "../../services/invitations/resend-invitation.ts";
import { revokeInvitation } from "../../services/invitations/revoke-invitation.ts";
import type { LiveStreams } from "./api-deps.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/invitations`: inviting people, resending and revoking; accepting as a signed-in person. */
export async function invitationRoutes(
  app: FastifyInstance,
  options: { auth: AuthContext; live: LiveStreams; mailQueued: () => void },
) {
  const { auth, mailQueued } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(OP.listInvitations),
    handler: async (request) => ({
      data: (await listInvitations(auth, accessOf(request).accountId)).map(presentInvitation),
    }),
  });

  api.route({
    ...routeOf(OP.createInvitation),
    handler: async (request, reply) => {
      const created = await inviteMember(auth, accessOf(request), {
        email: request.body.email,
        role: request.body.role,
        customRoleId: request.body.custom_role_id,
      });
      mailQueued();
      return reply.code(OP.createInvitation.status).send(presentInvitation(created));
    },
  });

  api.route({
    ...routeOf(OP.resendInvitation),
    handler: async (request) => {
      const resent = await resendInvitation(auth, accessOf(request), request.params.id);
      mailQueued();
      return presentInvitation(resent);
    },
  });

  api.route({
    ...routeOf(OP.revokeInvitation),
    handler: async (request, reply) => {
      await revokeInvitation(auth, accessOf(request), request.params.id);
      return reply.code(OP.revokeInvitation.status).send();
    },
  });

  api.route({
    ...routeOf(OP.acceptInvitation),
    handler: async (request) => {
      const access = accessOf(request);
      const view = await acceptInvitation(auth, access, request.params.token);
      // The session's live streams belonged to the account it left.
      if (access.sessionId) options.live.endCredential(`session:${access.sessionId}`);
      return presentSignedIn(view);
    },
  });
}
