import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentAlert, presentIncident } from "../../presenters/alerting.ts";
import { acknowledgeAlert } from "../../services/alerts/acknowledge-alert.ts";
import { getAlert } from "../../services/alerts/get-alert.ts";
import { listAlerts } from "../../services/alerts/list-alerts.ts";
import { resolveAlert } from "../../services/alerts/resolve-alert.ts";
import type { ServiceContext } from "../../services/context.ts";
import { listIncidents } from "../../services/incidents/list-incidents.ts";
import type { Alerting } from "./api-deps.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/alerts`: list, read, acknowledge and resolve alerts; a monitor's incidents. */
export async function alertRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; alerting: Alerting },
) {
  const { ctx, alerting } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(OP.listAlerts),
    handler: async (request) => {
      const { query } = request;
      const page = await listAlerts(ctx, accessOf(request), {
        state: query.state,
        severity: query.severity,
        monitorId: query.monitor_id,
        agentId: query.agent_id,
        limit: query.limit,
        before: query.before,
      });
      return { data: page.alerts.map(presentAlert), next_before: page.nextBefore };
    },
  });

  api.route({
    ...routeOf(OP.getAlert),
    handler: async (request) =>
      presentAlert(await getAlert(ctx, accessOf(request), request.params.id)),
  });

  api.route({
    ...routeOf(OP.acknowledgeAlert),
    handler: async (request) =>
      presentAlert(
        await acknowledgeAlert(ctx, alerting.hooks, accessOf(request), request.params.id),
      ),
  });

  api.route({
    ...routeOf(OP.resolveAlert),
    handler: async (request) =>
      presentAlert(await resolveAlert(ctx, alerting.hooks, accessOf(request), request.params.id)),
  });

  api.route({
    ...routeOf(OP.listIncidents),
    handler: async (request) => {
      const { id } = request.params;
      const incidents = await listIncidents(ctx, accessOf(request), id, request.query.limit);
      return { data: incidents.map(presentIncident) };
    },
  });
}
