import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import { rateLimitByAddress } from "../../http/rate-limits/limit-by-address.ts";
import { refuseOtherOrigins } from "../../http/same-origin.ts";
import { clearSessionCookie, requireSession, setSessionCookie } from "../../http/session-auth.ts";
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
import { OPERATIONS as OP } from "./operations.ts";
import { parseWith } from "./parse.ts";
import { presentSignedIn } from "./present-auth.ts";

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
    preHandler: rateLimitByAddress(app, {
      name,
      limit: options.accounts.signupRateLimit,
      windowMs: 3_600_000,
      message,
    }),
  });
  const registrations = perAddressPerHour("register", TOO_MANY_REGISTRATIONS);
  const answerSignedIn = (reply: FastifyReply, status: number, result: SignedIn) => {
    setSessionCookie(reply, session, result.session.token);
    return reply.code(status).send(presentSignedIn(result));
  };

  app.post(OP.register.url, registrations, async (request, reply) => {
    const input = parseWith(OP.register.body, request.body);
    return answerSignedIn(reply, OP.register.status, await register(auth, input));
  });

  app.post(OP.login.url, sameSite, async (request, reply) => {
    const input = parseWith(OP.login.body, request.body);
    const result = await logIn(auth, throttle, { ...input, clientAddress: request.ip });
    return answerSignedIn(reply, OP.login.status, result);
  });

  app.post(OP.logout.url, signedIn, async (request, reply) => {
    const { sessionId } = sessionOf(accessOf(request));
    await logOut(auth, sessionId);
    options.live.endCredential(`session:${sessionId}`);
    clearSessionCookie(reply, session);
    return reply.code(OP.logout.status).send();
  });

  app.get(OP.getSession.url, signedIn, async (request) =>
    presentSignedIn(await getSession(auth, sessionOf(accessOf(request)))),
  );

  app.post(
    OP.requestPasswordReset.url,
    perAddressPerHour("password-reset", TOO_MANY_RESETS),
    async (request, reply) => {
      const input = parseWith(OP.requestPasswordReset.body, request.body);
      if (await requestPasswordReset(auth, input.email)) options.mailQueued();
      return reply.code(OP.requestPasswordReset.status).send({ message: PASSWORD_RESET_REQUESTED });
    },
  );

  app.post(OP.completePasswordReset.url, sameSite, async (request, reply) => {
    const input = parseWith(OP.completePasswordReset.body, request.body);
    const result = await completePasswordReset(auth, input);
    return answerSignedIn(reply, OP.completePasswordReset.status, result);
  });

  app.patch(OP.changeEmail.url, signedIn, async (request) => {
    const input = parseWith(OP.changeEmail.body, request.body);
    return { user: await changeEmail(auth, sessionOf(accessOf(request)), input) };
  });

  app.patch(OP.changePassword.url, signedIn, async (request, reply) => {
    const input = parseWith(OP.changePassword.body, request.body);
    await changePassword(auth, sessionOf(accessOf(request)), input);
    return reply.code(OP.changePassword.status).send();
  });
}
