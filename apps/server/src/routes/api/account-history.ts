import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import type { ServiceContext } from "../../services/context.ts";
import {
  type AccountHistory,
  chooseAccountHistory,
  readAccountHistory,
} from "../../services/retention/account-history.ts";
import { routeOf } from "./route-of.ts";

const present = (history: AccountHistory) => ({
  history_days: history.days,
  chosen_days: history.chosenDays,
  can_choose: history.canChoose,
  min_days: history.minDays,
  max_days: history.maxDays,
  default_days: history.defaultDays,
});

/** `/api/v1/account/history`: how long the account keeps check history, and its choice. */
export async function accountHistoryRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; maxHistoryDays: number },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx, maxHistoryDays } = options;
  api.route({
    ...routeOf(OP.getHistorySetting),
    handler: async (request) =>
      present(await readAccountHistory(ctx.db, accessOf(request).accountId, maxHistoryDays)),
  });
  api.route({
    ...routeOf(OP.updateHistorySetting),
    handler: async (request) =>
      present(
        await chooseAccountHistory(ctx, accessOf(request), request.body.days, maxHistoryDays),
      ),
  });
}
