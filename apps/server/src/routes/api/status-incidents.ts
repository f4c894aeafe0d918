import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentIncident } from "../../presenters/status-notices.ts";
import type { ServiceContext } from "../../services/context.ts";
import { createStatusIncident } from "../../services/status-incidents/create-status-incident.ts";
import { deleteStatusIncident } from "../../services/status-incidents/delete-status-incident.ts";
import { editStatusIncidentUpdate } from "../../services/status-incidents/edit-status-incident-update.ts";
import {
  getStatusIncident,
  listStatusIncidents,
} from "../../services/status-incidents/list-status-incidents.ts";
import { postStatusIncidentUpdate } from "../../services/status-incidents/post-status-incident-update.ts";
import { updateStatusIncident } from "../../services/status-incidents/update-status-incident.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/status-pages/:id/incidents`: incidents told in updates. */
export async function statusIncidentRoutes(app: FastifyInstance, options: { ctx: ServiceContext }) {
  const { ctx } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const noticed = () => app.statusNotices?.wake();
  const ids = (params: { id: string; incidentId: string }) => ({
    pageId: params.id,
    incidentId: params.incidentId,
  });

  api.route({
    ...routeOf(OP.listStatusIncidents),
    handler: async (request) => {
      const page = await listStatusIncidents(
        ctx,
        accessOf(request),
        request.params.id,
        request.query,
      );
      return { data: page.incidents.map(presentIncident), next_before: page.nextBefore };
    },
  });

  api.route({
    ...routeOf(OP.createStatusIncident),
    handler: async (request, reply) => {
      const view = await createStatusIncident(
        ctx,
        accessOf(request),
        request.params.id,
        request.body,
      );
      noticed();
      return reply.code(OP.createStatusIncident.status).send(presentIncident(view));
    },
  });

  api.route({
    ...routeOf(OP.getStatusIncident),
    handler: async (request) =>
      presentIncident(await getStatusIncident(ctx, accessOf(request), ids(request.params))),
  });

  api.route({
    ...routeOf(OP.updateStatusIncident),
    handler: async (request) =>
      presentIncident(
        await updateStatusIncident(ctx, accessOf(request), ids(request.params), request.body.title),
      ),
  });

  api.route({
    ...routeOf(OP.deleteStatusIncident),
    handler: async (request, reply) => {
      await deleteStatusIncident(ctx, accessOf(request), ids(request.params));
      return reply.code(OP.deleteStatusIncident.status).send();
    },
  });

  api.route({
    ...routeOf(OP.postStatusIncidentUpdate),
    handler: async (request, reply) => {
      const view = await postStatusIncidentUpdate(
        ctx,
        accessOf(request),
        ids(request.params),
        request.body,
      );
      noticed();
      return reply.code(OP.postStatusIncidentUpdate.status).send(presentIncident(view));
    },
  });

  api.route({
    ...routeOf(OP.editStatusIncidentUpdate),
    handler: async (request) =>
      presentIncident(
        await editStatusIncidentUpdate(
          ctx,
          accessOf(request),
          { ...ids(request.params), updateId: request.params.updateId },
          request.body.message,
        ),
      ),
  });
}
