import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import type { LiveBus } from "../../live/live-bus.ts";
import type { AccountAccess } from "../../services/accounts/account-access.ts";
import type { ServiceContext } from "../../services/context.ts";
import {
  getAccountSecurity,
  setRequireTwoFactor,
} from "../../services/two-factor/account-security.ts";
import { routeOf } from "./route-of.ts";

const present = (security: { requireTwoFactor: boolean }, access: AccountAccess) => ({
  require_two_factor: security.requireTwoFactor,
  can_change: access.permissions?.has("account.own") === true,
});

/** `/api/v1/account/security`: whether the account requires two-factor sign-in. */
export async function accountSecurityRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; live: LiveBus },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(OP.getAccountSecurity),
    handler: async (request) =>
      present(
        await getAccountSecurity(options.ctx, accessOf(request).accountId),
        accessOf(request),
      ),
  });
  api.route({
    ...routeOf(OP.updateAccountSecurity),
    handler: async (request) => {
      const access = accessOf(request);
      const result = await setRequireTwoFactor(
        options.ctx,
        access,
        request.body.require_two_factor,
      );
      for (const id of result.endedSessions) options.live.endCredential(`session:${id}`);
      return present(result, access);
    },
  });
}
