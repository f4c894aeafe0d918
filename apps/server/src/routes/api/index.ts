import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { requireApiKeyOrSession } from "../../http/api-key-auth.ts";
import { limitApiRequestsByPlan } from "../../http/rate-limits/limit-api-by-plan.ts";
import { limitSessionRequests } from "../../http/rate-limits/limit-session-requests.ts";
import { serializeWithZod, validateWithZod } from "../../http/zod-type-provider.ts";
import type { LiveBus } from "../../live/live-bus.ts";
import { sessionIsLive } from "../../services/auth/session-is-live.ts";
import type { ImmediateChecks } from "../../services/checks/check-monitor-now.ts";
import type { ServiceContext } from "../../services/context.ts";
import type { MonitorChanges } from "../../services/monitors/monitor-changes.ts";
import { accountRoutes } from "./account.ts";
import { alertRoutes } from "./alerts.ts";
import type { Accounts, Alerting, Regions } from "./api-deps.ts";
import { apiKeyRoutes } from "./api-keys.ts";
import { authRoutes } from "./auth.ts";
import { channelRoutes } from "./channels.ts";
import { dependencyRoutes } from "./dependencies.ts";
import { eventRoutes } from "./events.ts";
import { monitorResultRoutes } from "./monitor-results.ts";
import { monitorRoutes } from "./monitors.ts";
import { notificationRoutes } from "./notifications.ts";
import { buildOpenApiDocument } from "./openapi-document.ts";
import { regionRoutes } from "./regions.ts";
import { secureVariableRoutes } from "./secure-variables.ts";
import { statusIncidentRoutes } from "./status-incidents.ts";
import { statusMaintenanceRoutes } from "./status-maintenances.ts";
import { statusPageRoutes } from "./status-pages.ts";
import { statusSubscriberRoutes } from "./status-subscribers.ts";

export interface ApiOptions {
  ctx: ServiceContext;
  changes: MonitorChanges;
  /** The engine, when this server runs checks ("check now"). */
  checks: ImmediateChecks | undefined;
  alerting: Alerting;
  accounts: Accounts;
  live: LiveBus;
  /** Which regions are served now: monitors are refused in the others. */
  regions: Regions;
  /** Mail was queued (a password reset link): send it now. */
  mailQueued: () => void;
  /** The public origin, named as the server in the OpenAPI document. */
  serverUrl: string;
  /** Where visitors reach this server's public pages (status pages live under it). */
  publicUrl: string;
  /** The server's own hosts, which no status page may take as its custom domain. */
  serverHosts: readonly string[];
}

/**
 * The REST API under `/api/v1`: the OpenAPI document and signing in, then everything behind an
 * API key or a signed-in session. Every route is declared from its operation in `@upwatch/api`.
 */
export async function apiRoutes(app: FastifyInstance, options: ApiOptions) {
  app.setValidatorCompiler(validateWithZod);
  app.setSerializerCompiler(serializeWithZod);
  const document = buildOpenApiDocument(options.serverUrl);
  app.get("/openapi.json", async () => document);
  const { session } = options.accounts;
  await app.register(authRoutes, {
    accounts: options.accounts,
    live: options.live,
    mailQueued: options.mailQueued,
  });

  await app.register(async (authenticated) => {
    authenticated.addHook("onRequest", requireApiKeyOrSession(session));
    authenticated.addHook("onRequest", limitApiRequestsByPlan(authenticated, options.ctx.now));
    authenticated.addHook(
      "onRequest",
      limitSessionRequests(
        authenticated,
        options.accounts.sessionRateLimit,
        `${authenticated.prefix}${OP.streamEvents.url}`,
      ),
    );
    await authenticated.register(accountRoutes, {
      ctx: options.ctx,
      changes: options.changes,
      session,
      live: options.live,
    });
    await authenticated.register(apiKeyRoutes, { ctx: options.ctx, live: options.live });
    await authenticated.register(monitorRoutes, {
      ctx: options.ctx,
      changes: options.changes,
      regions: options.regions,
    });
    await authenticated.register(secureVariableRoutes, {
      ctx: options.ctx,
      changes: options.changes,
    });
    await authenticated.register(statusPageRoutes, {
      ctx: options.ctx,
      publicUrl: options.publicUrl,
      serverHosts: options.serverHosts,
    });
    await authenticated.register(statusIncidentRoutes, { ctx: options.ctx });
    await authenticated.register(statusMaintenanceRoutes, { ctx: options.ctx });
    await authenticated.register(statusSubscriberRoutes, { ctx: options.ctx });
    await authenticated.register(regionRoutes, { ctx: options.ctx, regions: options.regions });
    await authenticated.register(monitorResultRoutes, {
      ctx: options.ctx,
      checks: options.checks,
    });
    const alerting = { ctx: options.ctx, alerting: options.alerting };
    await authenticated.register(alertRoutes, alerting);
    await authenticated.register(dependencyRoutes, alerting);
    await authenticated.register(channelRoutes, {
      ...alerting,
      mailQueued: options.mailQueued,
    });
    await authenticated.register(notificationRoutes, { ctx: options.ctx });
    await authenticated.register(eventRoutes, {
      live: options.live,
      sessionIsLive: (sessionId) => sessionIsLive(options.ctx, sessionId),
    });
  });
}
