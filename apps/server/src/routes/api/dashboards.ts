import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import {
  presentDashboard,
  presentDashboardData,
  presentDashboardSummary,
  presentShareLink,
  shareLinkUrl,
} from "../../presenters/dashboards.ts";
import type { ServiceContext } from "../../services/context.ts";
import {
  createDashboard,
  createShareLink,
  deleteDashboard,
  getDashboard,
  getDashboardData,
  listDashboards,
  listShareLinks,
  replaceDashboard,
  revokeShareLink,
} from "../../services/dashboards/index.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/dashboards`: the account's boards, their figures and their read-only links. */
export async function dashboardRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; appUrl: string },
) {
  const { ctx } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  api.route({
    ...routeOf(OP.listDashboards),
    handler: async (request) => ({
      data: (await listDashboards(ctx, accessOf(request))).map(presentDashboardSummary),
    }),
  });

  api.route({
    ...routeOf(OP.createDashboard),
    handler: async (request, reply) => {
      const board = await createDashboard(ctx, accessOf(request), request.body);
      return reply.code(OP.createDashboard.status).send(presentDashboard(board));
    },
  });

  api.route({
    ...routeOf(OP.getDashboard),
    handler: async (request) =>
      presentDashboard(await getDashboard(ctx, accessOf(request), request.params.id)),
  });

  api.route({
    ...routeOf(OP.replaceDashboard),
    handler: async (request) =>
      presentDashboard(
        await replaceDashboard(ctx, accessOf(request), request.params.id, request.body),
      ),
  });

  api.route({
    ...routeOf(OP.deleteDashboard),
    handler: async (request, reply) => {
      await deleteDashboard(ctx, accessOf(request), request.params.id);
      return reply.code(OP.deleteDashboard.status).send();
    },
  });

  api.route({
    ...routeOf(OP.getDashboardData),
    handler: async (request) =>
      presentDashboardData(await getDashboardData(ctx, accessOf(request), request.params.id)),
  });

  api.route({
    ...routeOf(OP.listDashboardShareLinks),
    handler: async (request) => ({
      data: (await listShareLinks(ctx, accessOf(request), request.params.id)).map(presentShareLink),
    }),
  });

  api.route({
    ...routeOf(OP.createDashboardShareLink),
    handler: async (request, reply) => {
      const link = await createShareLink(ctx, accessOf(request), request.params.id, {
        name: request.body.name,
        expiresInDays: request.body.expires_in_days,
      });
      return reply.code(OP.createDashboardShareLink.status).send({
        ...presentShareLink(link),
        token: link.token,
        url: shareLinkUrl(options.appUrl, link.token),
      });
    },
  });

  api.route({
    ...routeOf(OP.revokeDashboardShareLink),
    handler: async (request, reply) => {
      await revokeShareLink(ctx, accessOf(request), request.params.id, request.params.linkId);
      return reply.code(OP.revokeDashboardShareLink.status).send();
    },
  });
}
