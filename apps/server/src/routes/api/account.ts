import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { MonitorChanges } from "../../engine/engine-ports.ts";
import { accessOf } from "../../http/api-key-auth.ts";
import { clearSessionCookie, type SessionOptions } from "../../http/session-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { deleteAccount } from "../../services/accounts/delete-account.ts";
import { getAccountOverview } from "../../services/accounts/get-account-overview.ts";
import type { ServiceContext } from "../../services/context.ts";
import { readAccountHistory } from "../../services/retention/account-history.ts";
import { ServiceError } from "../../services/service-error.ts";
import type { LiveStreams } from "./api-deps.ts";
import { routeOf } from "./route-of.ts";

/** The signed-in person behind a request; a request made with an API key is refused. */
function signedInUser(request: FastifyRequest): string {
  const { userId } = accessOf(request);
  if (!userId) {
    throw new ServiceError(
      "forbidden",
      "Sign in to delete the account; an API key cannot delete it.",
    );
  }
  return userId;
}

/** `/api/v1/account`: who the key belongs to and what its plan allows; deleting it when signed in. */
export async function accountRoutes(
  app: FastifyInstance,
  options: {
    ctx: ServiceContext;
    changes: MonitorChanges;
    session: SessionOptions;
    live: LiveStreams;
    maxHistoryDays: number;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(OP.getAccount),
    handler: async (request) => {
      const access = accessOf(request);
      const overview = await getAccountOverview(options.ctx, access);
      const history = await readAccountHistory(
        options.ctx.db,
        access.accountId,
        options.maxHistoryDays,
      );
      const limits = overview.plan.limits;
      return {
        id: overview.id,
        name: overview.name,
        plan: overview.plan.id,
        limits: {
          monitors: limits.monitors,
          agents: limits.agents,
          min_interval_seconds: limits.minIntervalSeconds,
          all_check_types: limits.allCheckTypes,
          api_requests_per_hour: limits.apiRequestsPerHour,
          history_days: history.days,
        },
        monitors: overview.monitors,
        active_monitors: overview.activeMonitors,
      };
    },
  });

  api.route({
    ...routeOf(OP.deleteAccount),
    // An API key is refused before its body is read, whatever the body says.
    preValidation: async (request) => {
      signedInUser(request);
    },
    handler: async (request, reply) => {
      const access = accessOf(request);
      const who = { userId: signedInUser(request), accountId: access.accountId };
      await deleteAccount(options.ctx, who, request.body.confirm_email, options.changes);
      options.live.endAccount(access.accountId);
      clearSessionCookie(reply, options.session);
      return reply.code(OP.deleteAccount.status).send();
    },
  });
}
