import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import type { AccountAccess } from "../../services/accounts/account-access.ts";
import {
  readAccountTimeZone,
  setAccountTimeZone,
} from "../../services/accounts/account-time-zone.ts";
import type { ServiceContext } from "../../services/context.ts";
import { routeOf } from "./route-of.ts";

const present = (timeZone: string, access: AccountAccess) => ({
  time_zone: timeZone,
  can_change: access.permissions?.has("account.own") === true,
});

/** `/api/v1/account/settings`: the account's time zone. */
export async function accountSettingsRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(OP.getAccountSettings),
    handler: async (request) => {
      const access = accessOf(request);
      return present(await readAccountTimeZone(options.ctx.db, access.accountId), access);
    },
  });
  api.route({
    ...routeOf(OP.updateAccountSettings),
    handler: async (request) => {
      const access = accessOf(request);
      return present(await setAccountTimeZone(options.ctx, access, request.body.time_zone), access);
    },
  });
}
