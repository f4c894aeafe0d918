import type { FastifyReply, FastifyRequest } from "fastify";
import { NotSignedInError } from "../services/auth/auth-errors.ts";
import { csrfTokenMatches } from "../services/auth/auth-tokens.ts";
import { findSession } from "../services/auth/find-session.ts";
import { SESSION_LIFETIME_MS } from "../services/auth/session-lifetime.ts";
import type { ServiceContext } from "../services/context.ts";
import { ServiceError } from "../services/service-error.ts";
import { readCookie, serializeCookie } from "./cookies.ts";
import { refuseOtherOrigins } from "./same-origin.ts";

export const SESSION_COOKIE = "upwatch_session";
export const CSRF_HEADER = "x-csrf-token";
export const MISSING_CSRF_DETAIL =
  "The request is missing its security token; reload the page and try again.";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** What session cookies need: storage, the CSRF secret, and the site's own addresses. */
export interface SessionOptions {
  ctx: ServiceContext;
  csrfSecret: Buffer;
  /** Cookies carry `Secure` (the public address is https). */
  secureCookie: boolean;
  /** Origins whose requests are this site's own. */
  allowedOrigins: ReadonlySet<string>;
}

/** Sets the session cookie for a token, for the session's whole lifetime. */
export function setSessionCookie(reply: FastifyReply, options: SessionOptions, token: string) {
  reply.header(
    "set-cookie",
    serializeCookie(SESSION_COOKIE, token, {
      maxAgeSeconds: SESSION_LIFETIME_MS / 1000,
      secure: options.secureCookie,
    }),
  );
}

/** Tells the browser to forget the session cookie. */
export function clearSessionCookie(reply: FastifyReply, options: SessionOptions) {
  reply.header(
    "set-cookie",
    serializeCookie(SESSION_COOKIE, "", { maxAgeSeconds: 0, secure: options.secureCookie }),
  );
}

/**
 * Authenticates a request by its session cookie: refuses other sites, an unknown or expired
 * session (401, clearing the cookie) and a state-changing request without the session's CSRF
 * token (403). Returns false when the request carries no session cookie at all.
 */
export async function authenticateSession(
  options: SessionOptions,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const token = readCookie(request.headers.cookie, SESSION_COOKIE);
  if (!token) return false;
  refuseOtherOrigins(request, options.allowedOrigins);
  const session = await findSession(options.ctx, token);
  if (!session) {
    clearSessionCookie(reply, options);
    throw new NotSignedInError();
  }
  if (STATE_CHANGING.has(request.method)) {
    const presented = request.headers[CSRF_HEADER];
    if (
      typeof presented !== "string" ||
      !csrfTokenMatches(options.csrfSecret, session.id, presented)
    ) {
      throw new ServiceError("forbidden", MISSING_CSRF_DETAIL);
    }
  }
  if (session.extended) setSessionCookie(reply, options, token);
  request.access = {
    accountId: session.accountId,
    plan: session.plan,
    userId: session.userId,
    sessionId: session.id,
    role: session.role,
    customRoleId: session.customRoleId,
    permissions: session.permissions,
    clientAddress: request.ip,
    userAgent: request.headers["user-agent"],
  };
  return true;
}

/** A hook for endpoints that only a signed-in person may use (never an API key). */
export function requireSession(options: SessionOptions) {
  return async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!(await authenticateSession(options, request, reply))) throw new NotSignedInError();
  };
}
