import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import { getAccountOverview } from "../../services/accounts/get-account-overview.ts";
import type { ServiceContext } from "../../services/context.ts";
import { OPERATIONS as OP } from "./operations.ts";

/** `/api/v1/account`: who the key belongs to and what its plan allows. */
export async function accountRoutes(app: FastifyInstance, options: { ctx: ServiceContext }) {
  app.get(OP.getAccount.url, async (request) => {
    const overview = await getAccountOverview(options.ctx, accessOf(request));
    const limits = overview.plan.limits;
    return {
      id: overview.id,
      name: overview.name,
      plan: overview.plan.id,
      limits: {
        monitors: limits.monitors,
        min_interval_seconds: limits.minIntervalSeconds,
        all_check_types: limits.allCheckTypes,
        api_requests_per_hour: limits.apiRequestsPerHour,
        history_days: limits.historyDays,
      },
      monitors: overview.monitors,
    };
  });
}
