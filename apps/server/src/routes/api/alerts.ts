import type { FastifyInstance, FastifyRequest } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import { acknowledgeAlert } from "../../services/alerts/acknowledge-alert.ts";
import { getAlert } from "../../services/alerts/get-alert.ts";
import { listAlerts } from "../../services/alerts/list-alerts.ts";
import { resolveAlert } from "../../services/alerts/resolve-alert.ts";
import type { ServiceContext } from "../../services/context.ts";
import { listIncidents } from "../../services/incidents/list-incidents.ts";
import type { Alerting } from "./api-deps.ts";
import { OPERATIONS as OP } from "./operations.ts";
import { parseWith } from "./parse.ts";
import { presentAlert, presentIncident } from "./present-alerting.ts";

type WithId = FastifyRequest<{ Params: { id: string } }>;

/** `/api/v1/alerts`: list, read, acknowledge and resolve alerts; a monitor's incidents. */
export async function alertRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; alerting: Alerting },
) {
  const { ctx, alerting } = options;

  app.get(OP.listAlerts.url, async (request) => {
    const query = parseWith(OP.listAlerts.query, request.query);
    const page = await listAlerts(ctx, accessOf(request), {
      state: query.state,
      severity: query.severity,
      monitorId: query.monitor_id,
      limit: query.limit,
      before: query.before,
    });
    return { data: page.alerts.map(presentAlert), next_before: page.nextBefore };
  });

  app.get(OP.getAlert.url, async (request: WithId) =>
    presentAlert(await getAlert(ctx, accessOf(request), request.params.id)),
  );

  app.post(OP.acknowledgeAlert.url, async (request: WithId) =>
    presentAlert(
      await acknowledgeAlert(
        ctx,
        accessOf(request),
        request.params.id,
        alerting.hooks.actx.alertsChanged,
      ),
    ),
  );

  app.post(OP.resolveAlert.url, async (request: WithId) =>
    presentAlert(await resolveAlert(ctx, alerting.hooks, accessOf(request), request.params.id)),
  );

  app.get(OP.listIncidents.url, async (request: WithId) => {
    const query = parseWith(OP.listIncidents.query, request.query);
    const incidents = await listIncidents(ctx, accessOf(request), request.params.id, query.limit);
    return { data: incidents.map(presentIncident) };
  });
}
