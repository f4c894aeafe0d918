import { OPERATIONS as OP, type StatusPage } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import {
  presentMonitorStatusComponent,
  presentPageLayout,
  presentStatusComponent,
  presentStatusPage,
  presentStatusSection,
} from "../../presenters/status-pages.ts";
import type { ServiceContext } from "../../services/context.ts";
import type { TxtLookup } from "../../services/domain-verification/txt-lookup.ts";
import * as pages from "../../services/status-pages/index.ts";
import { routeOf } from "./route-of.ts";

/** A logo of 256 KiB is about 342 KiB in base64 inside JSON. */
const LOGO_BODY_LIMIT_BYTES = 512 * 1024;

/** `/api/v1/status-pages`: the account's pages, their settings, logo, sections and components. */
export async function statusPageRoutes(
  app: FastifyInstance,
  options: {
    ctx: ServiceContext;
    publicUrl: string;
    serverHosts: readonly string[];
    /** How custom domains' TXT records are looked up when they are verified. */
    lookupTxt: TxtLookup;
  },
) {
  const { ctx, publicUrl, serverHosts } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const page = (record: pages.StatusPageRecord) => presentStatusPage(record, publicUrl);

  api.route({
    ...routeOf(OP.listStatusPages),
    handler: async (request) => ({
      data: (await pages.listStatusPages(ctx, accessOf(request))).map(page),
    }),
  });
  api.route({
    ...routeOf(OP.createStatusPage),
    handler: async (request, reply) => {
      const created = await pages.createStatusPage(
        ctx,
        accessOf(request),
        request.body,
        serverHosts,
      );
      return reply.code(OP.createStatusPage.status).send(page(created));
    },
  });
  api.route({
    ...routeOf(OP.getStatusPage),
    handler: async (request) =>
      page(await pages.getStatusPage(ctx, accessOf(request), request.params.id)),
  });
  api.route({
    ...routeOf(OP.updateStatusPage),
    handler: async (request) =>
      page(
        await pages.updateStatusPage(
          ctx,
          accessOf(request),
          request.params.id,
          request.body,
          serverHosts,
        ),
      ),
  });
  api.route({
    ...routeOf(OP.verifyStatusPageDomain),
    handler: async (request) =>
      page(
        await pages.verifyStatusPageDomain(
          { ...ctx, lookupTxt: options.lookupTxt },
          accessOf(request),
          request.params.id,
        ),
      ),
  });
  api.route({
    ...routeOf(OP.deleteStatusPage),
    handler: async (request, reply) => {
      await pages.deleteStatusPage(ctx, accessOf(request), request.params.id);
      return reply.code(OP.deleteStatusPage.status).send();
    },
  });
  await logoRoutes(app, ctx, page);
  await sectionRoutes(app, ctx);
  await componentRoutes(app, ctx);
  await layoutRoutes(app, ctx);
}

async function componentRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(OP.createStatusComponent),
    handler: async (request, reply) => {
      const { id } = request.params;
      const created = await pages.createStatusComponent(ctx, accessOf(request), id, request.body);
      return reply.code(OP.createStatusComponent.status).send(presentStatusComponent(created));
    },
  });
  api.route({
    ...routeOf(OP.updateStatusComponent),
    handler: async (request) => {
      const { id, componentId } = request.params;
      return presentStatusComponent(
        await pages.updateStatusComponent(ctx, accessOf(request), id, componentId, request.body),
      );
    },
  });
  api.route({
    ...routeOf(OP.deleteStatusComponent),
    handler: async (request, reply) => {
      const { id, componentId } = request.params;
      await pages.deleteStatusComponent(ctx, accessOf(request), id, componentId);
      return reply.code(OP.deleteStatusComponent.status).send();
    },
  });
}

async function logoRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  page: (record: pages.StatusPageRecord) => StatusPage,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(OP.putStatusPageLogo),
    bodyLimit: LOGO_BODY_LIMIT_BYTES,
    handler: async (request) =>
      page(
        await pages.setStatusPageLogo(
          ctx,
          accessOf(request),
          request.params.id,
          request.body.image,
        ),
      ),
  });
  api.route({
    ...routeOf(OP.deleteStatusPageLogo),
    handler: async (request, reply) => {
      await pages.removeStatusPageLogo(ctx, accessOf(request), request.params.id);
      return reply.code(OP.deleteStatusPageLogo.status).send();
    },
  });
}

async function sectionRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(OP.createStatusSection),
    handler: async (request, reply) => {
      const { id } = request.params;
      const section = await pages.createStatusSection(ctx, accessOf(request), id, request.body);
      return reply.code(OP.createStatusSection.status).send(presentStatusSection(section));
    },
  });
  api.route({
    ...routeOf(OP.updateStatusSection),
    handler: async (request) => {
      const { id, sectionId } = request.params;
      return presentStatusSection(
        await pages.updateStatusSection(ctx, accessOf(request), id, sectionId, request.body),
      );
    },
  });
  api.route({
    ...routeOf(OP.deleteStatusSection),
    handler: async (request, reply) => {
      const { id, sectionId } = request.params;
      await pages.deleteStatusSection(ctx, accessOf(request), id, sectionId);
      return reply.code(OP.deleteStatusSection.status).send();
    },
  });
}

async function layoutRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(OP.listStatusComponents),
    handler: async (request) =>
      presentPageLayout(
        await pages.listStatusComponents(ctx, accessOf(request), request.params.id),
      ),
  });
  api.route({
    ...routeOf(OP.orderStatusComponents),
    handler: async (request) =>
      presentPageLayout(
        await pages.orderStatusComponents(ctx, accessOf(request), request.params.id, request.body),
      ),
  });
  api.route({
    ...routeOf(OP.listMonitorStatusComponents),
    handler: async (request) => ({
      data: (
        await pages.listMonitorStatusComponents(ctx, accessOf(request), request.params.id)
      ).map(presentMonitorStatusComponent),
    }),
  });
}
