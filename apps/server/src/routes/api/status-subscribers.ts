import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentSubscriber } from "../../presenters/status-notices.ts";
import type { ServiceContext } from "../../services/context.ts";
import { deleteStatusSubscriber } from "../../services/status-subscribers/delete-status-subscriber.ts";
import {
  exportStatusSubscribers,
  listStatusSubscribers,
} from "../../services/status-subscribers/list-status-subscribers.ts";
import { subscribersCsv } from "../../services/status-subscribers/subscribers-csv.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/status-pages/:id/subscribers`: who follows a page by mail, and the CSV export. */
export async function statusSubscriberRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext },
) {
  const { ctx } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  api.route({
    ...routeOf(OP.listStatusSubscribers),
    handler: async (request) => {
      const page = await listStatusSubscribers(
        ctx,
        accessOf(request),
        request.params.id,
        request.query,
      );
      return {
        data: page.subscribers.map(presentSubscriber),
        total: page.total,
        next_after: page.nextAfter,
      };
    },
  });

  api.route({
    ...routeOf(OP.exportStatusSubscribers),
    handler: async (request, reply) => {
      const { slug, subscribers } = await exportStatusSubscribers(
        ctx,
        accessOf(request),
        request.params.id,
      );
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${slug}-subscribers.csv"`)
        .send(subscribersCsv(subscribers));
    },
  });

  api.route({
    ...routeOf(OP.deleteStatusSubscriber),
    handler: async (request, reply) => {
      await deleteStatusSubscriber(ctx, accessOf(request), {
        pageId: request.params.id,
        subscriberId: request.params.subscriberId,
      });
      return reply.code(OP.deleteStatusSubscriber.status).send();
    },
  });
}
