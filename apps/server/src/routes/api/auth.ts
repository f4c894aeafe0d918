import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import { rateLimitByAddress } from "../../http/rate-limits/limit-by-address.ts";
import { refuseOtherOrigins } from "../../http/same-origin.ts";
import { clearSessionCookie, requireSession, setSessionCookie } from "../../http/session-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentSignedIn } from "../../presenters/auth.ts";
import { presentSecondStep } from "../../presenters/two-factor.ts";
import { changeEmail } from "../../services/auth/change-email.ts";
import { changePassword } from "../../services/auth/change-password.ts";
import { completePasswordReset } from "../../services/auth/complete-password-reset.ts";
import { getSession, sessionOf } from "../../services/auth/get-session.ts";
import { logIn } from "../../services/auth/log-in.ts";
import { logOut } from "../../services/auth/log-out.ts";
import { register } from "../../services/auth/register.ts";
import { requestPasswordReset } from "../../services/auth/request-password-reset.ts";
import type { SignedIn } from "../../services/auth/signed-in.ts";
import type { Accounts, LiveStreams } from "./api-deps.ts";
import { routeOf } from "./route-of.ts";
import { presentSignedInAndLinked, withSsoLink } from "./sso-link.ts";

export const PASSWORD_RESET_REQUESTED =
  "If an account uses that address, we have sent it a link to reset the password. The link works for one hour.";

const TOO_MANY_REGISTRATIONS = (wait: string) =>
  `Too many accounts were created from your address. Please try again in ${wait}.`;
const TOO_MANY_RESETS = (wait: string) =>
  `Too many password resets were asked for from your address. Please try again in ${wait}.`;

export interface AuthRouteOptions {
  accounts: Accounts;
  live: LiveStreams;
  /** Mail was queued (a reset link): send it now. */
  mailQueued: () => void;
}

/** `/api/v1/auth/...`: registering, signing in and out, the session, password and address. */
export async function authRoutes(app: FastifyInstance, options: AuthRouteOptions) {
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
  const perAddressPerHour = (name: string, message: (wait: string) => string) => ({
    ...sameSite,
    // Before the body is validated, so a refused attempt counts like any other.
    preValidation: rateLimitByAddress(app, {
      name,
      limit: options.accounts.signupRateLimit,
      windowMs: 3_600_000,
      message,
    }),
  });
  const answerSignedIn = (reply: FastifyReply, status: number, result: SignedIn) => {
    setSessionCookie(reply, session, result.session.token);
    return reply.code(status).send(presentSignedIn(result));
  };

  api.route({
    ...routeOf(OP.register),
    ...perAddressPerHour("register", TOO_MANY_REGISTRATIONS),
    handler: async (request, reply) =>
      answerSignedIn(
        reply,
        OP.register.status,
        await register(auth, request.body, {
          ipAddress: request.ip,
          userAgent: request.headers["user-agent"],
        }),
      ),
  });

  api.route({
    ...routeOf(OP.login),
    ...sameSite,
    handler: async (request, reply) => {
      const attempt = {
        ...request.body,
        clientAddress: request.ip,
        userAgent: request.headers["user-agent"],
      };
      const step = await logIn(auth, throttle, attempt);
      if (step.kind !== "signed-in") {
        return reply.code(OP.login.status).send(presentSecondStep(step));
      }
      // No second step came: the person has none, so the password alone may link.
      const result = await withSsoLink(auth, session, request, reply, step.signedIn, "password");
      setSessionCookie(reply, session, result.signedIn.session.token);
      return reply.code(OP.login.status).send(presentSignedInAndLinked(result));
    },
  });

  api.route({
    ...routeOf(OP.logout),
    ...signedIn,
    handler: async (request, reply) => {
      const { sessionId } = sessionOf(accessOf(request));
      await logOut(auth, sessionId);
      options.live.endCredential(`session:${sessionId}`);
      clearSessionCookie(reply, session);
      return reply.code(OP.logout.status).send();
    },
  });

  api.route({
    ...routeOf(OP.getSession),
    ...signedIn,
    handler: async (request) =>
      presentSignedIn(await getSession(auth, sessionOf(accessOf(request)))),
  });

  api.route({
    ...routeOf(OP.requestPasswordReset),
    ...perAddressPerHour("password-reset", TOO_MANY_RESETS),
    handler: async (request, reply) => {
      if (await requestPasswordReset(auth, request.body.email)) options.mailQueued();
      return reply.code(OP.requestPasswordReset.status).send({ message: PASSWORD_RESET_REQUESTED });
    },
  });

  api.route({
    ...routeOf(OP.completePasswordReset),
    ...sameSite,
    handler: async (request, reply) => {
      const client = { clientAddress: request.ip, userAgent: request.headers["user-agent"] };
      const step = await completePasswordReset(auth, request.body, client);
      if (step.kind === "signed-in") {
        return answerSignedIn(reply, OP.completePasswordReset.status, step.signedIn);
      }
      return reply.code(OP.completePasswordReset.status).send(presentSecondStep(step));
    },
  });

  api.route({
    ...routeOf(OP.changeEmail),
    ...signedIn,
    handler: async (request) => ({
      user: await changeEmail(auth, sessionOf(accessOf(request)), request.body),
    }),
  });

  api.route({
    ...routeOf(OP.changePassword),
    ...signedIn,
    handler: async (request, reply) => {
      await changePassword(auth, sessionOf(accessOf(request)), request.body);
      return reply.code(OP.changePassword.status).send();
    },
  });
}
