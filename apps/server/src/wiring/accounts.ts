import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { PeriodicTask } from "../background/periodic-task.ts";
import { addClosingStep } from "../closing-steps.ts";
import type { Config } from "../config.ts";
import { redisLoginFailures } from "../http/rate-limits/redis-login-failures.ts";
import { originOf } from "../http/same-origin.ts";
import type { Accounts } from "../routes/api/api-deps.ts";
import {
  LOGIN_LIMITS,
  LoginThrottle,
  memoryLoginFailures,
} from "../services/auth/login-throttle.ts";
import { pruneAuthTokens } from "../services/auth/prune-auth-tokens.ts";
import type { ServiceContext } from "../services/context.ts";
import { loadServerSecret } from "../services/server-secret.ts";

const PRUNE_EVERY_MS = 3_600_000;

/**
 * Prepares sign-in for the API (the CSRF secret, the app's absolute address, the site's own
 * origins) and deletes expired sessions and reset links every hour while the server runs.
 * Failed sign-ins are counted in the shared Redis when there is one, so every server process
 * refuses the same guesser.
 */
export async function prepareAccounts(
  app: FastifyInstance,
  options: {
    config: Config;
    ctx: ServiceContext;
    sharedRedis?: { redis: Redis; keyPrefix: string } | undefined;
  },
): Promise<Accounts> {
  const { config, ctx } = options;
  const csrfSecret = await loadServerSecret(ctx.db, "session-csrf");
  const appUrl = absoluteAppUrl(config);
  const allowedOrigins = new Set(
    [config.publicUrl, appUrl, config.apiUrl].map(originOf).filter((o): o is string => !!o),
  );
  const pruning = new PeriodicTask({
    run: () => pruneAuthTokens(ctx.db, ctx.now()),
    everyMs: PRUNE_EVERY_MS,
    onError: (error) => app.log.warn({ err: error }, "pruning expired sessions failed"),
  });
  app.addHook("onReady", async () => pruning.start());
  addClosingStep(app, "pruning of sign-in records", () => pruning.stop());
  return {
    auth: {
      ...ctx,
      csrfSecret,
      appUrl,
      newAccountPlan: config.defaultPlan,
      registration: config.registration,
    },
    session: {
      ctx,
      csrfSecret,
      secureCookie: config.publicUrl.startsWith("https://"),
      allowedOrigins,
    },
    throttle: new LoginThrottle(ctx.now, LOGIN_LIMITS, loginFailures(app, options)),
    signupRateLimit: config.signupRateLimit,
    sessionRateLimit: config.sessionRateLimit,
  };
}

/** The app's address for links in mail: an APP_URL given as a path is taken on PUBLIC_URL. */
export function absoluteAppUrl(config: Pick<Config, "appUrl" | "publicUrl">): string {
  const appUrl = config.appUrl.replace(/\/+$/, "");
  return appUrl.startsWith("/") ? `${config.publicUrl}${appUrl}` : appUrl;
}

function loginFailures(
  app: FastifyInstance,
  options: { ctx: ServiceContext; sharedRedis?: { redis: Redis; keyPrefix: string } | undefined },
) {
  const local = memoryLoginFailures(options.ctx.now);
  const shared = options.sharedRedis;
  if (!shared) return local;
  return redisLoginFailures(
    shared.redis,
    shared.keyPrefix,
    local,
    app.log.child({ part: "sign-in" }),
  );
}
