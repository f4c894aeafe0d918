import { OPERATIONS as OP, type ServerNotice } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import type { AuthContext } from "../../services/auth/auth-context.ts";
import { currentRegistration } from "../../services/auth/registration-policy.ts";
import type { ServiceContext } from "../../services/context.ts";
import { noticesFor } from "../../services/server/notices-for.ts";
import { routeOf } from "./route-of.ts";

/** `GET /api/v1/auth/registration`: whether the server takes sign-ups now (the app's sign-up screen asks). */
export async function registrationRoutes(app: FastifyInstance, options: { auth: AuthContext }) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(OP.getRegistration),
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return {
        registration: await currentRegistration(options.auth.db, options.auth.registration),
      };
    },
  });
}

export interface ServerNoticeRouteOptions {
  ctx: ServiceContext;
  notices: readonly ServerNotice[];
  operatorEmail?: string | undefined;
}

/** `GET /api/v1/server/notices`: what the operator should fix, for the people who run the server. */
export async function serverNoticeRoutes(app: FastifyInstance, options: ServerNoticeRouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(OP.listServerNotices),
    handler: async (request) => ({
      notices: await noticesFor(
        options.ctx,
        accessOf(request).userId,
        options.notices,
        options.operatorEmail,
      ),
    }),
  });
}
