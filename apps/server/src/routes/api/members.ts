import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import { clearSessionCookie, type SessionOptions } from "../../http/session-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentMember } from "../../presenters/members.ts";
import type { LoginThrottle } from "../../services/auth/login-throttle.ts";
import type { ServiceContext } from "../../services/context.ts";
import { changeMemberRole } from "../../services/members/change-member-role.ts";
import type { EndedCredentials } from "../../services/members/end-membership.ts";
import { leaveAccount } from "../../services/members/leave-account.ts";
import { listMembers } from "../../services/members/list-members.ts";
import { removeMember } from "../../services/members/remove-member.ts";
import { transferOwnership } from "../../services/members/transfer-ownership.ts";
import type { LiveStreams } from "./api-deps.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/members` and `/api/v1/account/...`: the account's people, leaving and ownership. */
export async function memberRoutes(
  app: FastifyInstance,
  options: {
    ctx: ServiceContext;
    live: LiveStreams;
    session: SessionOptions;
    throttle: LoginThrottle;
  },
) {
  const { ctx, live } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const endSessions = (ended: EndedCredentials) => {
    for (const id of ended.sessionIds) live.endCredential(`session:${id}`);
    for (const id of ended.apiKeyIds) live.endCredential(`key:${id}`);
  };

  api.route({
    ...routeOf(OP.listMembers),
    handler: async (request) => {
      const access = accessOf(request);
      const members = await listMembers(ctx, access.accountId);
      return { data: members.map((member) => presentMember(member, access.userId)) };
    },
  });

  api.route({
    ...routeOf(OP.changeMemberRole),
    handler: async (request) => {
      const access = accessOf(request);
      const changed = await changeMemberRole(ctx, access, request.params.userId, {
        role: request.body.role,
        customRoleId: request.body.custom_role_id,
      });
      return presentMember(changed, access.userId);
    },
  });

  api.route({
    ...routeOf(OP.removeMember),
    handler: async (request, reply) => {
      endSessions(await removeMember(ctx, accessOf(request), request.params.userId));
      return reply.code(OP.removeMember.status).send();
    },
  });

  api.route({
    ...routeOf(OP.leaveAccount),
    handler: async (request, reply) => {
      endSessions(await leaveAccount(ctx, accessOf(request)));
      clearSessionCookie(reply, options.session);
      return reply.code(OP.leaveAccount.status).send();
    },
  });

  api.route({
    ...routeOf(OP.transferOwnership),
    handler: async (request, reply) => {
      await transferOwnership(ctx, options.throttle, accessOf(request), {
        userId: request.body.user_id,
        password: request.body.password,
      });
      return reply.code(OP.transferOwnership.status).send();
    },
  });
}
