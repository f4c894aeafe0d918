import type { FastifyReply, FastifyRequest } from "fastify";
import { SSO_LINK_LIFETIME_MS } from "../services/sso/pending-sso-links.ts";
import { SSO_ATTEMPT_LIFETIME_MS } from "../services/sso/start-sso-sign-in.ts";
import { readCookie, serializeCookie } from "./cookies.ts";
import type { SessionOptions } from "./session-auth.ts";

/** The state of the single sign-on this browser started: its answer must come back here. */
export const SSO_STATE_COOKIE = "upwatch_sso_state";
/** A provider identity waiting for this browser's next sign-in with a password. */
export const SSO_LINK_COOKIE = "upwatch_sso_link";

function setCookie(
  reply: FastifyReply,
  options: SessionOptions,
  name: string,
  value: string,
  lifetimeMs: number,
) {
  reply.header(
    "set-cookie",
    serializeCookie(name, value, {
      maxAgeSeconds: Math.round(lifetimeMs / 1000),
      secure: options.secureCookie,
    }),
  );
}

/** Remembers in the browser which single sign-on it started (the `state` sent to the provider). */
export function setSsoStateCookie(reply: FastifyReply, options: SessionOptions, state: string) {
  setCookie(reply, options, SSO_STATE_COOKIE, state, SSO_ATTEMPT_LIFETIME_MS);
}

/** The provider's answer came back to the browser that started the sign-in. */
export function startedInThisBrowser(request: FastifyRequest, state: string | undefined): boolean {
  const remembered = readCookie(request.headers.cookie, SSO_STATE_COOKIE);
  return !!state && remembered === state;
}

export function setSsoLinkCookie(reply: FastifyReply, options: SessionOptions, token: string) {
  setCookie(reply, options, SSO_LINK_COOKIE, token, SSO_LINK_LIFETIME_MS);
}

export function readSsoLinkCookie(request: FastifyRequest): string | undefined {
  return readCookie(request.headers.cookie, SSO_LINK_COOKIE);
}

/** Forgets a single sign-on cookie once it has served. */
export function clearSsoCookie(reply: FastifyReply, options: SessionOptions, name: string) {
  setCookie(reply, options, name, "", 0);
}
