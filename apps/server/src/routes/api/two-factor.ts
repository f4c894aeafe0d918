import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import { refuseOtherOrigins } from "../../http/same-origin.ts";
import { requireSession, setSessionCookie } from "../../http/session-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentTwoFactorSetup, presentTwoFactorStatus } from "../../presenters/two-factor.ts";
import { sessionOf } from "../../services/auth/get-session.ts";
import { completeSecondStep } from "../../services/two-factor/complete-second-step.ts";
import { disableTwoFactor } from "../../services/two-factor/disable-two-factor.ts";
import { enableTwoFactor } from "../../services/two-factor/enable-two-factor.ts";
import {
  enableWhileSigningIn,
  setUpWhileSigningIn,
} from "../../services/two-factor/enrol-while-signing-in.ts";
import { getTwoFactorStatus } from "../../services/two-factor/get-two-factor-status.ts";
import { regenerateRecoveryCodes } from "../../services/two-factor/regenerate-recovery-codes.ts";
import { startTwoFactorSetup } from "../../services/two-factor/start-two-factor-setup.ts";
import type { Accounts } from "./api-deps.ts";
import { routeOf } from "./route-of.ts";
import { presentSignedInAndLinked, withSsoLink } from "./sso-link.ts";

/** `/api/v1/auth/two-factor/...` and the second step of signing in. */
export async function twoFactorRoutes(app: FastifyInstance, options: { accounts: Accounts }) {
  const { auth, session, throttle } = options.accounts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const sameSite = {
    onRequest: async (request: FastifyRequest) =>
      refuseOtherOrigins(request, session.allowedOrigins),
  };
  const signedIn = { onRequest: requireSession(session) };
  const clientOf = (request: FastifyRequest) => ({
    clientAddress: request.ip,
    userAgent: request.headers["user-agent"],
  });
  const personOf = (request: FastifyRequest) => sessionOf(accessOf(request)).userId;

  api.route({
    ...routeOf(OP.getTwoFactor),
    ...signedIn,
    handler: async (request) =>
      presentTwoFactorStatus(await getTwoFactorStatus(auth, personOf(request))),
  });

  api.route({
    ...routeOf(OP.setUpTwoFactor),
    ...signedIn,
    handler: async (request) => {
      const who = { userId: personOf(request), clientAddress: request.ip };
      return presentTwoFactorSetup(
        await startTwoFactorSetup(auth, throttle, who, request.body.password),
      );
    },
  });

  api.route({
    ...routeOf(OP.enableTwoFactor),
    ...signedIn,
    handler: async (request) => ({
      recovery_codes: await enableTwoFactor(
        auth,
        personOf(request),
        request.body.code,
        clientOf(request),
      ),
    }),
  });

  api.route({
    ...routeOf(OP.disableTwoFactor),
    ...signedIn,
    handler: async (request, reply) => {
      const who = { userId: personOf(request), ...clientOf(request) };
      await disableTwoFactor(auth, throttle, who, request.body);
      return reply.code(OP.disableTwoFactor.status).send();
    },
  });

  api.route({
    ...routeOf(OP.regenerateRecoveryCodes),
    ...signedIn,
    handler: async (request) => {
      const who = { userId: personOf(request), ...clientOf(request) };
      return {
        recovery_codes: await regenerateRecoveryCodes(auth, throttle, who, request.body),
      };
    },
  });

  api.route({
    ...routeOf(OP.logInSecondStep),
    ...sameSite,
    handler: async (request, reply) => {
      const signedIn = await completeSecondStep(auth, throttle, request.body, clientOf(request));
      const result = await withSsoLink(auth, session, request, reply, signedIn, "two-factor");
      setSessionCookie(reply, session, result.signedIn.session.token);
      return presentSignedInAndLinked(result);
    },
  });

  api.route({
    ...routeOf(OP.logInSetUpTwoFactor),
    ...sameSite,
    handler: async (request) =>
      presentTwoFactorSetup(await setUpWhileSigningIn(auth, request.body.challenge)),
  });

  api.route({
    ...routeOf(OP.logInEnableTwoFactor),
    ...sameSite,
    handler: async (request, reply) => {
      const enrolled = await enableWhileSigningIn(auth, throttle, request.body, clientOf(request));
      const result = await withSsoLink(
        auth,
        session,
        request,
        reply,
        enrolled.signedIn,
        "two-factor",
      );
      setSessionCookie(reply, session, result.signedIn.session.token);
      return { ...presentSignedInAndLinked(result), recovery_codes: enrolled.recoveryCodes };
    },
  });
}
