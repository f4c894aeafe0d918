import compress from "@fastify/compress";
import type { NetworkAccess } from "@upwatch/checks";
import type { DatabaseHandle } from "@upwatch/db";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { prepareAccounts } from "./accounts.ts";
import { registerAlerting } from "./alerting.ts";
import type { Config } from "./config.ts";
import { registerForms } from "./forms.ts";
import { installProblemHandlers } from "./http/problem.ts";
import { registerRateLimits } from "./http/rate-limits/register-rate-limits.ts";
import { installRequestLog } from "./http/request-log.ts";
import { installSecurityHeaders } from "./http/security-headers.ts";
import { LiveBus } from "./live/live-bus.ts";
import { loggerOptions } from "./logger.ts";
import type { MailTransport } from "./mail/outgoing-mail.ts";
import { registerMonitoring } from "./monitoring.ts";
import { healthRoutes } from "./routes/health.ts";
import { createServiceContext, type ServiceContext } from "./services/context.ts";
import { siteConfigFrom } from "./site-config.ts";
import { serveWeb } from "./web/serve-web.ts";

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** The web build's client folder; without it only the APIs are served. */
  webClientDir?: string | undefined;
  /** Replaces the mail transport the configuration selects (tests). */
  mailTransport?: MailTransport | undefined;
  /** Whether the outbox sends by itself; tests that drive it by hand say false. */
  startOutboxWorker?: boolean;
  /** Whether alert escalations and notifications run by themselves; tests drive them by hand. */
  startAlerting?: boolean;
  /** Replaces the network checks, webhooks and Slack go through (tests). */
  network?: NetworkAccess | undefined;
  /** The service context (clock and ids); tests pass a controlled one. */
  ctx?: ServiceContext;
  /** The start of the rate-limit keys in Redis; tests sharing one Redis take their own. */
  rateLimitKeyPrefix?: string | undefined;
}

const BODY_LIMIT_BYTES = 64 * 1024;

/** Builds the HTTP application: the APIs, the health check and the web app. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    trustProxy: deps.config.trustProxy,
  });
  installRequestLog(app);
  installSecurityHeaders(app, { https: deps.config.publicUrl.startsWith("https://") });
  installProblemHandlers(app);
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });

  await app.register(healthRoutes, { database: deps.database });
  const ctx = deps.ctx ?? createServiceContext(deps.database.db);
  await registerRateLimits(app, {
    redisUrl: deps.config.redisUrl,
    keyPrefix: deps.rateLimitKeyPrefix,
    now: ctx.now,
  });
  await registerForms(app, {
    config: deps.config,
    ctx,
    mailTransport: deps.mailTransport,
    startOutboxWorker: deps.startOutboxWorker ?? true,
  });
  const live = new LiveBus();
  app.decorate("live", live);
  // Open event streams would keep the server from closing: they end first.
  app.addHook("preClose", async () => live.endAll());
  const alerting = registerAlerting(app, {
    config: deps.config,
    ctx,
    start: deps.startAlerting ?? true,
    network: deps.network,
    live,
  });
  const accounts = await prepareAccounts(app, { config: deps.config, ctx });
  await registerMonitoring(app, {
    config: deps.config,
    ctx,
    alerting,
    accounts,
    network: deps.network,
    live,
  });
  if (deps.webClientDir) {
    await serveWeb(app, { clientDir: deps.webClientDir, siteConfig: siteConfigFrom(deps.config) });
  }
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The live updates of every account (sign-out and key revocation end their streams). */
    live: LiveBus;
  }
}
