import type { NetworkAccess } from "@upwatch/checks";
import type { FastifyInstance } from "fastify";
import { AgentAlerting, AlertEngine, type AlertingContext } from "../alerting/index.ts";
import { PeriodicTask } from "../background/periodic-task.ts";
import { addClosingStep } from "../closing-steps.ts";
import type { Leadership } from "../cluster/leadership.ts";
import type { Config } from "../config.ts";
import type { LiveBus } from "../live/live-bus.ts";
import { alertPublisher } from "../live/publish-alerts.ts";
import type { OutboxWorker } from "../mail/outbox-worker.ts";
import type { NotificationMetrics } from "../metrics/server-metrics.ts";
import { countMailNotifications } from "../notifications/count-mail-notifications.ts";
import { DeliveryAttempts } from "../notifications/delivery-log.ts";
import { logAlertMailAttempts } from "../notifications/log-mail-attempts.ts";
import { NotificationWorker } from "../notifications/notification-worker.ts";
import { missingSetUps, providerClients } from "../notifications/provider-clients.ts";
import { pruneDeliveries } from "../notifications/prune-deliveries.ts";
import { alertPageRoutes } from "../routes/alert-page.ts";
import type { Alerting as AlertingForRoutes } from "../routes/api/api-deps.ts";
import { channelConfirmationRoutes } from "../routes/channel-confirmation.ts";
import type { AlertingHooks } from "../services/alerts/alerting-hooks.ts";
import { pruneChannelSends } from "../services/channels/prune-channel-sends.ts";
import type { ServiceContext } from "../services/context.ts";

export interface AlertingOptions {
  config: Config;
  ctx: ServiceContext;
  /** Whether the ticker and the delivery worker run by themselves; tests drive them by hand. */
  start: boolean;
  /** The guard webhooks and Slack go through. */
  network: NetworkAccess;
  /** Where changed alerts are published once committed. */
  live: LiveBus;
  /** Where e-mail notifications go; their attempts are logged from it. */
  outbox: OutboxWorker;
  metrics?: NotificationMetrics | undefined;
  /** The escalation ticker runs only on the leader of the server processes. */
  leadership: Leadership;
}

/** Everything the API and the check engine need of alerting. */
export interface Alerting extends AlertingForRoutes {
  engine: AlertEngine;
  /** Agents' alerts: `agents.onReports` is the ingest's hook; the offline watch is the leader's. */
  agents: AgentAlerting;
  worker: NotificationWorker;
}

const PRUNE_DELIVERIES_EVERY_MS = 3_600_000;

/**
 * The alert engine (its escalation ticker, run by the leader alone) and the notification
 * delivery worker, started when the server is ready and stopped on close; e-mail attempts are
 * logged from the mail outbox.
 */
export function registerAlerting(app: FastifyInstance, options: AlertingOptions): Alerting {
  const { config, ctx, network, outbox } = options;
  const actx: AlertingContext = {
    now: ctx.now,
    newId: ctx.newId,
    linkBase: config.apiUrl || config.publicUrl,
    alertsChanged: alertPublisher(options.live, ctx.db, app.log.child({ part: "live" })),
  };
  const attempts = new DeliveryAttempts();
  const log = app.log.child({ part: "alerting" });
  const clients = providerClients(config);
  const worker = new NotificationWorker({
    ctx,
    deps: { network, clients },
    attempts,
    log,
    mailQueued: () => outbox.wake(),
    metrics: options.metrics,
  });
  const engine = new AlertEngine({ db: ctx.db, actx, log, onQueued: () => worker.wake() });
  const agents = new AgentAlerting({ db: ctx.db, actx, log, onQueued: () => worker.wake() });
  outbox.onAttempt(logAlertMailAttempts(ctx, attempts));
  if (options.metrics) outbox.onAttempt(countMailNotifications(options.metrics));
  const hooks: AlertingHooks = {
    actx,
    queued: () => worker.wake(),
    recheck: () => {
      engine
        .runDue({ includeHeld: true })
        .catch((error: unknown) => log.warn({ err: error }, "escalation failed"));
    },
  };
  const pruning = new PeriodicTask({
    run: async () => {
      await pruneDeliveries(ctx.db, ctx.now());
      await pruneChannelSends(ctx.db, ctx.now());
    },
    everyMs: PRUNE_DELIVERIES_EVERY_MS,
    onError: (error) => log.warn({ err: error }, "pruning the delivery log failed"),
  });

  if (options.start) {
    // Deliveries are claimed under leases, so every process may send; escalations are the leader's.
    app.addHook("onReady", async () => {
      worker.start();
      pruning.start();
    });
    options.leadership.run({
      name: "alert escalations",
      start: async () => engine.start(),
      stop: () => engine.stop(),
    });
    options.leadership.run({
      name: "agent offline watch",
      start: async () => agents.start(),
      stop: () => agents.stop(),
    });
  }
  addClosingStep(app, "alerting", async () => {
    await pruning.stop();
    await engine.stop();
    await agents.stop();
    await worker.stop();
  });
  void app.register(alertPageRoutes, { ctx, hooks });
  void app.register(channelConfirmationRoutes, { ctx });
  return {
    engine,
    agents,
    worker,
    attempts,
    hooks,
    channelDeps: {
      network,
      notSetUp: missingSetUps(clients),
      confirmLinkBase: actx.linkBase,
    },
  };
}
