import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import type { ServiceContext } from "../../services/context.ts";
import {
  type MonitorBadges,
  readMonitorBadges,
  regenerateMonitorBadgeKey,
  setMonitorBadges,
} from "../../services/monitor-badges/manage-monitor-badges.ts";
import { routeOf } from "./route-of.ts";

const present = (badges: MonitorBadges) => ({ enabled: badges.enabled, urls: badges.urls });

/** `/api/v1/monitors/{id}/badges`: switching a monitor's public badges on and off. */
export async function monitorBadgeApiRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; publicUrl: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx, publicUrl } = options;
  api.route({
    ...routeOf(OP.getMonitorBadges),
    handler: async (request) =>
      present(await readMonitorBadges(ctx, accessOf(request), request.params.id, publicUrl)),
  });
  api.route({
    ...routeOf(OP.updateMonitorBadges),
    handler: async (request) =>
      present(
        await setMonitorBadges(
          ctx,
          accessOf(request),
          request.params.id,
          request.body.enabled,
          publicUrl,
        ),
      ),
  });
  api.route({
    ...routeOf(OP.regenerateMonitorBadgeKey),
    handler: async (request) =>
      present(
        await regenerateMonitorBadgeKey(ctx, accessOf(request), request.params.id, publicUrl),
      ),
  });
}
