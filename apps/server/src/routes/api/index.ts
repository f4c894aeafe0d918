import { OPERATIONS as OP, type ServerNotice } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import type { BillingDeps } from "../../billing/customer/billing-deps.ts";
import type { ImmediateChecks, MonitorChanges } from "../../engine/engine-ports.ts";
import { requireApiKeyOrSession } from "../../http/api-key-auth.ts";
import { limitApiRequestsByPlan } from "../../http/rate-limits/limit-api-by-plan.ts";
import { limitSessionRequests } from "../../http/rate-limits/limit-session-requests.ts";
import { requirePermission } from "../../http/require-permission.ts";
import { serializeWithZod, validateWithZod } from "../../http/zod-type-provider.ts";
import type { LiveBus } from "../../live/live-bus.ts";
import type { AgentPackageShelf } from "../../services/agent-downloads/index.ts";
import type { AgentKeyCache } from "../../services/agents/authenticate-agent.ts";
import { sessionIsLive } from "../../services/auth/session-is-live.ts";
import type { ServiceContext } from "../../services/context.ts";
import type { TxtLookup } from "../../services/domain-verification/txt-lookup.ts";
import { agentDownloadListRoutes } from "../agent-downloads.ts";
import { accountRoutes } from "./account.ts";
import { accountHistoryRoutes } from "./account-history.ts";
import { accountSecurityRoutes } from "./account-security.ts";
import { accountSettingsRoutes } from "./account-settings.ts";
import { accountSwitchingRoutes } from "./account-switching.ts";
import { agentAlertRuleRoutes } from "./agent-alert-rules.ts";
import { agentCustomMetricRoutes } from "./agent-custom-metrics.ts";
import { agentTaskRoutes } from "./agent-tasks.ts";
import { agentRoutes } from "./agents.ts";
import { alertRoutes } from "./alerts.ts";
import type { Accounts, Alerting, Regions } from "./api-deps.ts";
import { apiKeyRoutes } from "./api-keys.ts";
import { auditLogRoutes } from "./audit-log.ts";
import { authRoutes } from "./auth.ts";
import { billingRoutes } from "./billing.ts";
import { channelRoutes } from "./channels.ts";
import { dashboardRoutes } from "./dashboards.ts";
import { dependencyRoutes } from "./dependencies.ts";
import { eventRoutes } from "./events.ts";
import { groupRoutes } from "./groups.ts";
import { invitationLinkRoutes } from "./invitation-links.ts";
import { invitationRoutes } from "./invitations.ts";
import { maintenanceWindowRoutes } from "./maintenance-windows.ts";
import { memberRoutes } from "./members.ts";
import { monitorBadgeApiRoutes } from "./monitor-badges.ts";
import { monitorMetricsRoutes } from "./monitor-metrics.ts";
import { monitorResultRoutes } from "./monitor-results.ts";
import { monitorRoutes } from "./monitors.ts";
import { notificationRoutes } from "./notifications.ts";
import { buildOpenApiDocument } from "./openapi-document.ts";
import { planChangeRoutes } from "./plan-changes.ts";
import { regionRoutes } from "./regions.ts";
import { roleRoutes } from "./roles.ts";
import { secureVariableRoutes } from "./secure-variables.ts";
import { registrationRoutes, serverNoticeRoutes } from "./server.ts";
import { sessionRoutes } from "./sessions.ts";
import { sharedDashboardRoutes } from "./shared-dashboards.ts";
import { slaReportRoutes } from "./sla-reports.ts";
import { ssoConfigRoutes, ssoSignInRoutes } from "./sso.ts";
import { statusIncidentRoutes } from "./status-incidents.ts";
import { statusMaintenanceRoutes } from "./status-maintenances.ts";
import { statusPageRoutes } from "./status-pages.ts";
import { statusSubscriberRoutes } from "./status-subscribers.ts";
import { twoFactorRoutes } from "./two-factor.ts";

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
  /** The agent packages this server offers. */
  agentPackages: AgentPackageShelf;
  /** The agent keys remembered by the agent API, forgotten when a key stops. */
  agentKeys: AgentKeyCache;
  /** Targets on private networks are allowed (ALLOW_PRIVATE_TARGETS): also loopback SSO issuers. */
  allowPrivateTargets?: boolean;
  /** How domains' DNS TXT records are looked up when an account verifies them. */
  lookupTxt: TxtLookup;
  /** Stripe and the prices sold, when the server takes payments; else billing answers 409. */
  billing?: BillingDeps | undefined;
  /** What the operator should fix in the configuration, told to the people who run the server. */
  serverNotices?: readonly ServerNotice[];
  /** The operator's address (OPERATOR_EMAIL): that person is told the server's notices. */
  operatorEmail?: string | undefined;
  /** Where the signed-in app lives (APP_URL), for the links to shared boards. */
  appUrl?: string | undefined;
  /** The longest history an account may choose (HISTORY_DAYS_MAX). */
  maxHistoryDays: number;
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
  await app.register(authRoutes, {
    accounts: options.accounts,
    live: options.live,
    mailQueued: options.mailQueued,
  });
  await app.register(twoFactorRoutes, { accounts: options.accounts });
  await app.register(sessionRoutes, { accounts: options.accounts, live: options.live });
  await app.register(invitationLinkRoutes, { accounts: options.accounts });
  await app.register(registrationRoutes, { auth: options.accounts.auth });
  await app.register(sharedDashboardRoutes, { ctx: options.ctx });
  const sso = {
    accounts: options.accounts,
    publicUrl: options.publicUrl,
    allowLoopbackIssuers: options.allowPrivateTargets ?? false,
    lookupTxt: options.lookupTxt,
  };
  await app.register(ssoSignInRoutes, sso);
  await app.register(async (authenticated) => {
    limitAuthenticatedRequests(authenticated, options);
    await accountAndMonitorRoutes(authenticated, options);
    await authenticated.register(ssoConfigRoutes, sso);
    await agentAndAlertingRoutes(authenticated, options);
  });
}

/**
 * Every request below needs an API key or a session, within the plan's and session's limits,
 * whose role or scope allows what the route's operation names.
 */
function limitAuthenticatedRequests(app: FastifyInstance, options: ApiOptions) {
  const { session, sessionRateLimit } = options.accounts;
  app.addHook("onRequest", requireApiKeyOrSession(session));
  app.addHook("onRequest", limitApiRequestsByPlan(app, options.ctx.now));
  app.addHook(
    "onRequest",
    limitSessionRequests(app, sessionRateLimit, `${app.prefix}${OP.streamEvents.url}`),
  );
  app.addHook("preHandler", requirePermission);
}

/** The account, its keys, monitors and their results, secure variables and status pages. */
async function accountAndMonitorRoutes(app: FastifyInstance, options: ApiOptions) {
  const { ctx, changes, live } = options;
  await app.register(accountRoutes, {
    ctx,
    changes,
    session: options.accounts.session,
    live,
    maxHistoryDays: options.maxHistoryDays,
  });
  await app.register(accountHistoryRoutes, { ctx, maxHistoryDays: options.maxHistoryDays });
  await app.register(apiKeyRoutes, { ctx, live });
  await app.register(roleRoutes, { ctx });
  await app.register(auditLogRoutes, { ctx });
  await app.register(planChangeRoutes, { ctx });
  await app.register(billingRoutes, { ctx, billing: options.billing });
  await app.register(accountSecurityRoutes, { ctx, live });
  await app.register(accountSettingsRoutes, { ctx });
  await app.register(maintenanceWindowRoutes, { ctx });
  await app.register(serverNoticeRoutes, {
    ctx,
    notices: options.serverNotices ?? [],
    operatorEmail: options.operatorEmail,
  });
  const { auth, session } = options.accounts;
  await app.register(memberRoutes, { ctx, live, session, throttle: options.accounts.throttle });
  await app.register(invitationRoutes, { auth, live, mailQueued: options.mailQueued });
  await app.register(accountSwitchingRoutes, { auth, live });
  await app.register(monitorRoutes, {
    ctx,
    changes,
    regions: options.regions,
    publicUrl: options.publicUrl,
  });
  await app.register(groupRoutes, { ctx, live });
  await app.register(secureVariableRoutes, { ctx, changes });
  await app.register(statusPageRoutes, {
    ctx,
    publicUrl: options.publicUrl,
    serverHosts: options.serverHosts,
    lookupTxt: options.lookupTxt,
  });
  await app.register(statusIncidentRoutes, { ctx });
  await app.register(statusMaintenanceRoutes, { ctx });
  await app.register(statusSubscriberRoutes, { ctx });
  await app.register(regionRoutes, { ctx, regions: options.regions });
  await app.register(monitorResultRoutes, { ctx, checks: options.checks });
  await app.register(monitorBadgeApiRoutes, { ctx, publicUrl: options.publicUrl });
  await app.register(monitorMetricsRoutes, { ctx });
  await app.register(slaReportRoutes, {
    ctx,
    confirmLinkBase: options.alerting.channelDeps.confirmLinkBase,
    mailQueued: options.mailQueued,
  });
  await app.register(dashboardRoutes, {
    ctx,
    appUrl: options.appUrl ?? `${options.publicUrl}/app`,
  });
}

/** Agents, alerts, dependencies, channels, notifications and the live event stream. */
async function agentAndAlertingRoutes(app: FastifyInstance, options: ApiOptions) {
  const { ctx } = options;
  await app.register(agentRoutes, { ctx, keys: options.agentKeys });
  await app.register(agentTaskRoutes, { ctx });
  await app.register(agentCustomMetricRoutes, { ctx });
  await app.register(agentAlertRuleRoutes, { ctx, hooks: options.alerting.hooks });
  await app.register(agentDownloadListRoutes, {
    shelf: options.agentPackages,
    publicUrl: options.publicUrl,
  });
  const alerting = { ctx, alerting: options.alerting };
  await app.register(alertRoutes, alerting);
  await app.register(dependencyRoutes, alerting);
  await app.register(channelRoutes, { ...alerting, mailQueued: options.mailQueued });
  await app.register(notificationRoutes, { ctx });
  await app.register(eventRoutes, {
    live: options.live,
    sessionIsLive: (sessionId) => sessionIsLive(ctx, sessionId),
  });
}
