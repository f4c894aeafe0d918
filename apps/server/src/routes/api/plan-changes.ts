import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import type { ServiceContext } from "../../services/context.ts";
import { dismissPlanChange } from "../../services/plan-changes/dismiss-plan-change.ts";
import { getPlanChange } from "../../services/plan-changes/get-plan-change.ts";
import { isoTime } from "../../time.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/account/plan-change`: what the latest move to another plan changed. */
export async function planChangeRoutes(app: FastifyInstance, options: { ctx: ServiceContext }) {
  const { ctx } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(OP.getPlanChange),
    handler: async (request) => {
      const view = await getPlanChange(ctx, accessOf(request));
      const notice = view.notice;
      return {
        notice: notice && {
          id: notice.id,
          from_plan: notice.fromPlan,
          to_plan: notice.toPlan,
          created_at: isoTime(notice.createdAt),
          changes: notice.changes.map((change) => ({
            kind: change.kind,
            sentence: change.sentence,
            monitor_id: change.monitorId,
            channel_id: change.channelId,
          })),
        },
        paused_by_plan: view.pausedByPlan,
        active_monitors: view.activeMonitors,
        monitor_limit: view.monitorLimit,
      };
    },
  });

  api.route({
    ...routeOf(OP.dismissPlanChange),
    handler: async (request, reply) => {
      await dismissPlanChange(ctx, accessOf(request));
      return reply.status(204).send();
    },
  });
}
