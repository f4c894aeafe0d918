import type { FastifyReply, FastifyRequest } from "fastify";
import type { AccountAccess } from "../services/accounts/account-access.ts";
import { authenticateApiKey } from "../services/api-keys/authenticate-api-key.ts";
import { ServiceError } from "../services/service-error.ts";
import { authenticateSession, type SessionOptions } from "./session-auth.ts";

const CHALLENGE = 'Bearer realm="Upwatch API"';

/**
 * Refuses a request that has neither a valid `Authorization: Bearer <key>` nor a signed-in
 * session cookie (see authenticateSession); remembers who is asking in `request.access`.
 * A request with both is taken as the key's.
 */
export function requireApiKeyOrSession(options: SessionOptions) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    if (header === undefined && (await authenticateSession(options, request, reply))) return;
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) {
      reply.header("www-authenticate", CHALLENGE);
      throw new ServiceError(
        "unauthenticated",
        "Send your API key in the header Authorization: Bearer uw_...",
      );
    }
    const access = await authenticateApiKey(options.ctx, match[1]!);
    if (!access) {
      reply.header("www-authenticate", `${CHALLENGE}, error="invalid_token"`);
      throw new ServiceError("unauthenticated", "The API key is not valid or has been revoked.");
    }
    request.access = {
      ...access,
      clientAddress: request.ip,
      userAgent: request.headers["user-agent"],
    };
  };
}

/** The account of an authenticated API request. */
export function accessOf(request: FastifyRequest): AccountAccess {
  if (!request.access) throw new Error("The API request was not authenticated.");
  return request.access;
}

declare module "fastify" {
  interface FastifyRequest {
    access?: AccountAccess;
  }
}
