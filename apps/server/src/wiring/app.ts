import compress from "@fastify/compress";
import { createNetworkAccess, type NetworkAccess } from "@upwatch/checks";
import type { DatabaseHandle } from "@upwatch/db";
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from "fastify";
import { CheckIntake } from "../check-intake/check-intake.ts";
import { trackClosing } from "../closing-steps.ts";
import type { Leadership } from "../cluster/leadership.ts";
import type { Config } from "../config.ts";
import type { MonitoringEngine } from "../engine/monitoring-engine.ts";
import {
  answerWhileClosing,
  frameworkErrorOptions,
  refuseUnreadableQueries,
} from "../http/framework-errors.ts";
import { installProblemHandlers } from "../http/problem.ts";
import { registerRateLimits } from "../http/rate-limits/register-rate-limits.ts";
import { installRequestLog } from "../http/request-log.ts";
import { installSecurityHeaders } from "../http/security-headers.ts";
import type { LiveBus } from "../live/live-bus.ts";
import { checkPublisher } from "../live/publish-checks.ts";
import { loggerOptions } from "../logger.ts";
import type { OutboxWorker } from "../mail/outbox-worker.ts";
import type { MailTransport } from "../mail/outgoing-mail.ts";
import { installMetrics } from "../metrics/install-metrics.ts";
import { healthRoutes } from "../routes/health.ts";
import { monitorBadgeRoutes } from "../routes/monitor-badges.ts";
import { createServiceContext, type ServiceContext } from "../services/context.ts";
import { txtLookupThrough } from "../services/domain-verification/txt-lookup.ts";
import { CustomDomainDirectory } from "../status-site/custom-domains.ts";
import { redirectHeldDomains } from "../status-site/held-domains.ts";
import { serveWeb } from "../web/serve-web.ts";
import { prepareAccounts } from "./accounts.ts";
import { registerAgentDownloads } from "./agent-downloads.ts";
import { prepareAgentKeys, registerAgents } from "./agents.ts";
import { type Alerting, registerAlerting } from "./alerting.ts";
import { registerAuditLogPruning } from "./audit-log.ts";
import { prepareBilling, registerBilling } from "./billing.ts";
import { prepareCluster } from "./cluster.ts";
import { registerDomainRechecks } from "./domain-rechecks.ts";
import { registerForms } from "./forms.ts";
import { registerHeartbeats } from "./heartbeats.ts";
import { type MonitoringOptions, registerMonitoring } from "./monitoring.ts";
import { prepareSecrets } from "./secrets.ts";
import { serverHosts } from "./server-hosts.ts";
import { siteConfigFrom } from "./site-config.ts";
import { registerSlaReportMailing } from "./sla-reports.ts";
import { registerStatusNotices } from "./status-notices.ts";
import { registerStatusSite } from "./status-site.ts";

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
  /** Replaces the check runner the engine uses (tests). */
  runCheck?: MonitoringOptions["runCheck"];
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void } | undefined;
  /** Sees every route as it is added (tests check what each route declares). */
  onRoute?: ((route: RouteOptions) => void) | undefined;
}

const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Builds the HTTP application: the APIs, the health check and the web app. Every part is made
 * here and handed to those that use it: the network guard, the live bus, the outbox, alerting,
 * sign-in and the monitoring engine.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const statusDomains = new CustomDomainDirectory(deps.database.db, serverHosts(config));
  const app = Fastify({
    logger: deps.logStream
      ? { ...(loggerOptions(config.logLevel) as object), stream: deps.logStream }
      : loggerOptions(config.logLevel),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    rewriteUrl: (request) => statusDomains.rewrite(request),
    ...frameworkErrorOptions,
  });
  if (deps.onRoute) app.addHook("onRoute", deps.onRoute);
  trackClosing(app);
  answerWhileClosing(app);
  refuseUnreadableQueries(app);
  installRequestLog(app);
  installSecurityHeaders(app, { https: config.publicUrl.startsWith("https://") });
  redirectHeldDomains(app, statusDomains, config.publicUrl);
  installProblemHandlers(app);
  const metrics = installMetrics(app, { config, db: deps.database.db });
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });

  await app.register(healthRoutes, { database: deps.database });
  const ctx =
    deps.ctx ??
    createServiceContext(deps.database.db, await prepareSecrets(config, deps.database.db));
  const shared = sharedRedisUrl(config);
  const sharedRedis = await registerRateLimits(app, {
    redisUrl: shared?.url,
    redisUrlSetting: shared?.setting,
    keyPrefix: deps.rateLimitKeyPrefix,
    now: ctx.now,
  });
  // One guard for every request the server makes on an account's behalf: checks, webhooks, Slack.
  const network =
    deps.network ??
    createNetworkAccess({ allowPrivateTargets: config.monitoring.allowPrivateTargets });
  const outbox = await registerForms(app, {
    config,
    ctx,
    mailTransport: deps.mailTransport,
    startOutboxWorker: deps.startOutboxWorker ?? true,
  });
  // One process on SQLite; on PostgreSQL one of several, with a leader elected among them.
  const cluster = await prepareCluster(app, { config, database: deps.database, ctx });
  const { live, leadership } = cluster;
  // Open event streams would keep the server from closing: they end first.
  app.addHook("preClose", async () => live.endAll());
  const alerting = registerAlerting(app, {
    config,
    ctx,
    start: deps.startAlerting ?? true,
    network,
    live,
    outbox,
    metrics,
    leadership,
  });
  await registerStatusNotices(app, {
    config,
    ctx,
    outbox,
    leadership,
    start: deps.startAlerting ?? true,
  });
  const accounts = await prepareAccounts(app, { config, ctx, sharedRedis });
  const agentPackages = await registerAgentDownloads(app, { config });
  const agentKeys = prepareAgentKeys(ctx);
  const lookupTxt = txtLookupThrough(config.dnsVerificationResolver);
  // Every check result enters here, whatever its source: the engine's rounds, agents' task
  // results, heartbeat pings and their missed deadlines.
  const checks = new CheckIntake({
    alerting: alerting.engine,
    stored: checkPublisher(live, ctx.db, app.log.child({ part: "live" })),
  });
  const billing = prepareBilling(config, ctx);
  const engine = await registerMonitoring(app, {
    config,
    ctx,
    billing,
    alerting,
    checks,
    accounts,
    network,
    live,
    mailQueued: () => outbox.wake(),
    metrics,
    leadership,
    checksFor: cluster.checksFor,
    changesFor: cluster.changesFor,
    runCheck: deps.runCheck,
    agentPackages,
    agentKeys,
    lookupTxt,
  });
  await registerAgents(app, {
    ctx,
    maxHistoryDays: config.maxHistoryDays,
    keys: agentKeys,
    leadership,
    start: deps.startAlerting ?? true,
    onReports: alerting.agents.onReports,
    afterReports: alerting.agents.afterReports,
    checks,
  });
  await registerHeartbeats(app, {
    ctx,
    checks,
    live,
    leadership,
    start: deps.startAlerting ?? true,
  });
  await app.register(monitorBadgeRoutes, { ctx });
  registerAuditLogPruning(app, { ctx, leadership, start: deps.startAlerting ?? true });
  registerSlaReportMailing(app, {
    ctx,
    leadership,
    start: deps.startAlerting ?? true,
    appUrl: config.appUrl,
    linkBase: config.apiUrl || config.publicUrl,
    mailQueued: () => outbox.wake(),
  });
  registerDomainRechecks(app, {
    ctx,
    lookupTxt,
    statusDomains,
    leadership,
    start: deps.startAlerting ?? true,
  });
  await registerBilling(app, {
    config,
    billing,
    leadership,
    start: deps.startAlerting ?? true,
    mailQueued: () => outbox.wake(),
  });
  await registerStatusSite(app, { config, ctx, domains: statusDomains });
  if (deps.webClientDir) {
    await serveWeb(app, { clientDir: deps.webClientDir, siteConfig: siteConfigFrom(config) });
  }
  exposeParts(app, { outbox, live, alerting, engine, leadership });
  return app;
}

/** Rate limits and failed sign-ins are counted in `REDIS_URL`, else in the broker's Redis. */
function sharedRedisUrl(config: Config): { url: string; setting: string } | undefined {
  if (config.redisUrl) return { url: config.redisUrl, setting: "REDIS_URL" };
  const brokerUrl = (config as { regions?: { brokerUrl?: string | undefined } }).regions?.brokerUrl;
  return brokerUrl ? { url: brokerUrl, setting: "BROKER_URL" } : undefined;
}

/** The running parts, for tests and tools that drive them by hand; the server itself never reads these. */
function exposeParts(app: FastifyInstance, parts: ServerParts): void {
  app.decorate("outbox", parts.outbox);
  app.decorate("live", parts.live);
  app.decorate("alerting", parts.alerting);
  app.decorate("leadership", parts.leadership);
  if (parts.engine) app.decorate("monitoringEngine", parts.engine);
}

interface ServerParts {
  outbox: OutboxWorker;
  live: LiveBus;
  alerting: Alerting;
  engine: MonitoringEngine | undefined;
  leadership: Leadership;
}

declare module "fastify" {
  interface FastifyInstance {
    outbox: OutboxWorker;
    /** The live updates of every account. */
    live: LiveBus;
    alerting: Alerting;
    /** Whether this process leads the others on the same database. */
    leadership: Leadership;
    monitoringEngine?: MonitoringEngine;
  }
}
