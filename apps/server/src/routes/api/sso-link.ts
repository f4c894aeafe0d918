import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionOptions } from "../../http/session-auth.ts";
import { clearSsoCookie, readSsoLinkCookie, SSO_LINK_COOKIE } from "../../http/sso-cookies.ts";
import { presentSignedIn } from "../../presenters/auth.ts";
import type { AuthContext } from "../../services/auth/auth-context.ts";
import type { SignedIn } from "../../services/auth/signed-in.ts";
import { finishSsoLink, type SignedInAndLinked } from "../../services/sso/finish-sso-link.ts";

/**
 * After a full sign-in with a password (`password`) or a password and a second factor
 * (`two-factor`): finishes the single sign-on link this browser holds, if any, and forgets it.
 */
export async function withSsoLink(
  auth: AuthContext,
  session: SessionOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  signedIn: SignedIn,
  method: "password" | "two-factor",
): Promise<SignedInAndLinked> {
  const token = readSsoLinkCookie(request);
  if (!token) return { signedIn };
  clearSsoCookie(reply, session, SSO_LINK_COOKIE);
  return finishSsoLink(auth, {
    token,
    signedIn,
    method,
    client: { clientAddress: request.ip, userAgent: request.headers["user-agent"] },
  });
}

/** The session answer of a sign-in, naming the organisation whose single sign-on it linked. */
export function presentSignedInAndLinked(result: SignedInAndLinked) {
  return {
    ...presentSignedIn(result.signedIn),
    ...(result.linkedTo ? { sso_linked_to: result.linkedTo } : {}),
  };
}
