import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import { refuseOtherOrigins } from "../../http/same-origin.ts";
import { setSessionCookie } from "../../http/session-auth.ts";
import {
  clearSsoCookie,
  SSO_STATE_COOKIE,
  setSsoLinkCookie,
  setSsoStateCookie,
  startedInThisBrowser,
} from "../../http/sso-cookies.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentDomainVerification } from "../../presenters/domain-verification.ts";
import type { TxtLookup } from "../../services/domain-verification/txt-lookup.ts";
import { ServiceError } from "../../services/service-error.ts";
import { completeSsoSignIn } from "../../services/sso/complete-sso-sign-in.ts";
import { getSsoConfig, type SsoConfigView } from "../../services/sso/get-sso-config.ts";
import { removeSsoConfig } from "../../services/sso/remove-sso-config.ts";
import { saveSsoConfig } from "../../services/sso/save-sso-config.ts";
import type { SsoContext } from "../../services/sso/sso-context.ts";
import { startSsoSignIn } from "../../services/sso/start-sso-sign-in.ts";
import { verifySsoDomain } from "../../services/sso/verify-sso-domain.ts";
import type { Accounts } from "./api-deps.ts";
import { routeOf } from "./route-of.ts";

/** What the single sign-on routes need: signing in, and this server's public address. */
export interface SsoRouteOptions {
  accounts: Accounts;
  /** Where visitors reach this server; the provider returns to its callback below it. */
  publicUrl: string;
  /** Plain-http issuers on this machine are accepted (ALLOW_PRIVATE_TARGETS). */
  allowLoopbackIssuers: boolean;
  /** How domains' TXT records are looked up when they are verified. */
  lookupTxt: TxtLookup;
}

/** The context of the single sign-on verbs. */
export function ssoContextOf(options: SsoRouteOptions): SsoContext {
  return {
    ...options.accounts.auth,
    redirectUri: `${options.publicUrl}${SSO_CALLBACK_PATH}`,
    allowLoopbackIssuers: options.allowLoopbackIssuers,
    lookupTxt: options.lookupTxt,
  };
}

/** The callback's path on the public address. */
export const SSO_CALLBACK_PATH = `/api/v1${OP.ssoCallback.url}`;

function present(view: SsoConfigView) {
  return {
    configured: view.configured,
    issuer: view.issuer,
    client_id: view.clientId,
    client_secret_set: view.clientSecretSet,
    domains: view.domains,
    domain_verifications: view.domainClaims.map(presentDomainVerification),
    default_role: view.defaultRole,
    default_custom_role_id: view.defaultCustomRoleId,
    required: view.required,
    redirect_uri: view.redirectUri,
  };
}

/** `/api/v1/account/sso`: the account's single sign-on settings (behind a key or session). */
export async function ssoConfigRoutes(app: FastifyInstance, options: SsoRouteOptions) {
  const ctx = ssoContextOf(options);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(OP.getSso),
    handler: async (request) => present(await getSsoConfig(ctx, accessOf(request))),
  });

  api.route({
    ...routeOf(OP.putSso),
    handler: async (request) => present(await saveSsoConfig(ctx, accessOf(request), request.body)),
  });

  api.route({
    ...routeOf(OP.verifySsoDomain),
    handler: async (request) =>
      present(await verifySsoDomain(ctx, accessOf(request), request.params.domain)),
  });

  api.route({
    ...routeOf(OP.deleteSso),
    handler: async (request, reply) => {
      await removeSsoConfig(ctx, accessOf(request));
      return reply.code(OP.deleteSso.status).send();
    },
  });
}

/** `/api/v1/auth/sso/...`: beginning a single sign-on and the provider's way back (public). */
export async function ssoSignInRoutes(app: FastifyInstance, options: SsoRouteOptions) {
  const ctx = ssoContextOf(options);
  const { session, throttle } = options.accounts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  api.route({
    ...routeOf(OP.startSso),
    onRequest: async (request: FastifyRequest) =>
      refuseOtherOrigins(request, session.allowedOrigins),
    handler: async (request, reply) => {
      const started = await startSsoSignIn(ctx, throttle, {
        email: request.body.email,
        clientAddress: request.ip,
      });
      const state = new URL(started.redirectUrl).searchParams.get("state");
      if (state) setSsoStateCookie(reply, session, state);
      return { redirect_url: started.redirectUrl };
    },
  });

  api.route({
    ...routeOf(OP.ssoCallback),
    handler: async (request, reply) => {
      const query: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.query)) {
        if (typeof value === "string") query[name] = value;
      }
      const loginWith = (name: string, message: string) =>
        reply.redirect(
          `${ctx.appUrl}/login?${name}=${encodeURIComponent(message)}`,
          OP.ssoCallback.status,
        );
      clearSsoCookie(reply, session, SSO_STATE_COOKIE);
      try {
        const outcome = await completeSsoSignIn(ctx, {
          query,
          clientAddress: request.ip,
          userAgent: request.headers["user-agent"],
          startedInThisBrowser: startedInThisBrowser(request, query.state),
        });
        if (outcome.kind === "link-required") {
          setSsoLinkCookie(reply, session, outcome.linkToken);
          return loginWith("sso_link", outcome.message);
        }
        setSessionCookie(reply, session, outcome.signedIn.session.token);
        return reply.redirect(ctx.appUrl, OP.ssoCallback.status);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        return loginWith("sso_error", error.message);
      }
    },
  });
}
