import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ServiceContext } from "../../services/context.ts";
import { listDeliveries } from "../../services/notifications/list-deliveries.ts";
import { OPERATIONS as OP } from "./operations.ts";
import { parseWith } from "./parse.ts";
import { presentDelivery } from "./present-alerting.ts";

/** `/api/v1/notifications`: the delivery log of the last 30 days. */
export async function notificationRoutes(app: FastifyInstance, options: { ctx: ServiceContext }) {
  app.get(OP.listNotifications.url, async (request) => {
    const query = parseWith(OP.listNotifications.query, request.query);
    const page = await listDeliveries(options.ctx, accessOf(request), {
      channelId: query.channel_id,
      alertId: query.alert_id,
      limit: query.limit,
      before: query.before,
    });
    return { data: page.deliveries.map(presentDelivery), next_before: page.nextBefore };
  });
}
