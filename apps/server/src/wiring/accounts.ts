import type { FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import { originOf } from "./http/same-origin.ts";
import type { SessionOptions } from "./http/session-auth.ts";
import type { AuthContext } from "./services/auth/auth-context.ts";
import { LoginThrottle } from "./services/auth/login-throttle.ts";
import { pruneAuthTokens } from "./services/auth/prune-auth-tokens.ts";
import type { ServiceContext } from "./services/context.ts";
import { loadServerSecret } from "./services/server-secret.ts";

/** Everything signing in needs: the verbs' context, the cookie settings and the login throttle. */
export interface Accounts {
  auth: AuthContext;
  session: SessionOptions;
  throttle: LoginThrottle;
  /** Registrations and password-reset requests allowed per client address per hour (0: off). */
  signupRateLimit: number;
}

const PRUNE_EVERY_MS = 3_600_000;

/**
 * Prepares sign-in for the API (the CSRF secret, the app's absolute address, the site's own
 * origins) and deletes expired sessions and reset links every hour while the server runs.
 */
export async function prepareAccounts(
  app: FastifyInstance,
  options: { config: Config; ctx: ServiceContext },
): Promise<Accounts> {
  const { config, ctx } = options;
  const csrfSecret = await loadServerSecret(ctx.db, "session-csrf");
  const appUrl = absoluteAppUrl(config);
  const allowedOrigins = new Set(
    [config.publicUrl, appUrl, config.apiUrl].map(originOf).filter((o): o is string => !!o),
  );
  let pruning: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    pruning = setInterval(() => {
      pruneAuthTokens(ctx.db, ctx.now()).catch((error: unknown) =>
        app.log.warn({ err: error }, "pruning expired sessions failed"),
      );
    }, PRUNE_EVERY_MS);
    pruning.unref();
  });
  app.addHook("onClose", async () => clearInterval(pruning));
  return {
    auth: { ...ctx, csrfSecret, appUrl },
    session: {
      ctx,
      csrfSecret,
      secureCookie: config.publicUrl.startsWith("https://"),
      allowedOrigins,
    },
    throttle: new LoginThrottle(ctx.now),
    signupRateLimit: config.signupRateLimit,
  };
}

/** The app's address for links in mail: an APP_URL given as a path is taken on PUBLIC_URL. */
export function absoluteAppUrl(config: Pick<Config, "appUrl" | "publicUrl">): string {
  const appUrl = config.appUrl.replace(/\/+$/, "");
  return appUrl.startsWith("/") ? `${config.publicUrl}${appUrl}` : appUrl;
}
