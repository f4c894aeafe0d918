import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentDelivery } from "../../presenters/alerting.ts";
import type { ServiceContext } from "../../services/context.ts";
import { listDeliveries } from "../../services/notifications/list-deliveries.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/notifications`: the delivery log of the last 30 days. */
export async function notificationRoutes(app: FastifyInstance, options: { ctx: ServiceContext }) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(OP.listNotifications),
    handler: async (request) => {
      const { query } = request;
      const page = await listDeliveries(options.ctx, accessOf(request), {
        channelId: query.channel_id,
        alertId: query.alert_id,
        limit: query.limit,
        before: query.before,
      });
      return { data: page.deliveries.map(presentDelivery), next_before: page.nextBefore };
    },
  });
}
