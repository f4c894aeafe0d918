import { type Group, OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import type { LiveBus } from "../../live/live-bus.ts";
import type { ServiceContext } from "../../services/context.ts";
import { createGroup } from "../../services/groups/create-group.ts";
import { deleteGroup } from "../../services/groups/delete-group.ts";
import { getGroup } from "../../services/groups/find-group.ts";
import { listGroups } from "../../services/groups/list-groups.ts";
import { updateGroup } from "../../services/groups/update-group.ts";
import { routeOf } from "./route-of.ts";

/**
 * `/api/v1/groups`: monitor groups, their members and their channels. Each change is announced on
 * the account's live stream once stored, so other screens follow.
 */
export async function groupRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; live: Pick<LiveBus, "publish"> },
) {
  const { ctx, live } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const announce = (accountId: string, group: Group): Group => {
    live.publish(accountId, { name: "group", data: { group } });
    return group;
  };

  api.route({
    ...routeOf(OP.listGroups),
    handler: async (request) => ({ data: await listGroups(ctx, accessOf(request)) }),
  });

  api.route({
    ...routeOf(OP.createGroup),
    handler: async (request, reply) => {
      const access = accessOf(request);
      const group = await createGroup(ctx, access, request.body);
      return reply.code(OP.createGroup.status).send(announce(access.accountId, group));
    },
  });

  api.route({
    ...routeOf(OP.getGroup),
    handler: async (request) => getGroup(ctx, accessOf(request), request.params.id),
  });

  api.route({
    ...routeOf(OP.updateGroup),
    handler: async (request) => {
      const access = accessOf(request);
      return announce(
        access.accountId,
        await updateGroup(ctx, access, request.params.id, request.body),
      );
    },
  });

  api.route({
    ...routeOf(OP.deleteGroup),
    handler: async (request, reply) => {
      const access = accessOf(request);
      await deleteGroup(ctx, access, request.params.id);
      live.publish(access.accountId, {
        name: "group-deleted",
        data: { group_id: request.params.id },
      });
      return reply.code(OP.deleteGroup.status).send();
    },
  });

  api.route({
    ...routeOf(OP.addGroupMonitors),
    handler: async (request) => {
      const access = accessOf(request);
      const group = await updateGroup(ctx, access, request.params.id, {
        add_monitor_ids: request.body.monitor_ids,
      });
      return announce(access.accountId, group);
    },
  });

  api.route({
    ...routeOf(OP.removeGroupMonitor),
    handler: async (request, reply) => {
      const { id, monitorId } = request.params;
      const access = accessOf(request);
      announce(
        access.accountId,
        await updateGroup(ctx, access, id, { remove_monitor_id: monitorId }),
      );
      return reply.code(OP.removeGroupMonitor.status).send();
    },
  });
}
