import { createNetworkAccess, type NetworkAccess } from "@upwatch/checks";
import type { FastifyInstance } from "fastify";
import { AlertEngine } from "./alerting/alert-engine.ts";
import type { AlertingContext } from "./alerting/alerting-context.ts";
import type { Config } from "./config.ts";
import type { LiveBus } from "./live/live-bus.ts";
import { alertPublisher } from "./live/publish-alerts.ts";
import { DeliveryAttempts } from "./notifications/delivery-log.ts";
import { logAlertMailAttempts } from "./notifications/log-mail-attempts.ts";
import { NotificationWorker } from "./notifications/notification-worker.ts";
import { pruneDeliveries } from "./notifications/prune-deliveries.ts";
import { twilioSmsClient } from "./notifications/sms/twilio-client.ts";
import { alertPageRoutes } from "./routes/alert-page.ts";
import type { AlertingHooks } from "./services/alerts/alerting-hooks.ts";
import type { ChannelDeps } from "./services/channels/channel-rules.ts";
import type { ServiceContext } from "./services/context.ts";

export interface AlertingOptions {
  config: Config;
  ctx: ServiceContext;
  /** Whether the ticker and the delivery worker run by themselves; tests drive them by hand. */
  start: boolean;
  /** Replaces the network webhooks and Slack go through (tests). */
  network?: NetworkAccess | undefined;
  /** Where changed alerts are published once committed. */
  live: LiveBus;
}

/** Everything the API and the check engine need of alerting. */
export interface Alerting {
  engine: AlertEngine;
  worker: NotificationWorker;
  attempts: DeliveryAttempts;
  hooks: AlertingHooks;
  channelDeps: ChannelDeps;
}

/**
 * The alert engine (its escalation ticker) and the notification delivery worker, started when the
 * server is ready and stopped on close; e-mail attempts are logged from the mail outbox.
 */
export function registerAlerting(app: FastifyInstance, options: AlertingOptions): Alerting {
  const { config, ctx } = options;
  const network =
    options.network ??
    createNetworkAccess({ allowPrivateTargets: config.monitoring.allowPrivateTargets });
  const actx: AlertingContext = {
    now: ctx.now,
    newId: ctx.newId,
    linkBase: config.apiUrl || config.publicUrl,
    alertsChanged: alertPublisher(options.live, ctx.db, app.log.child({ part: "live" })),
  };
  const attempts = new DeliveryAttempts();
  const log = app.log.child({ part: "alerting" });
  const worker = new NotificationWorker({
    ctx,
    deps: { network, sms: config.sms ? twilioSmsClient(config.sms) : undefined },
    attempts,
    log,
    mailQueued: () => app.outbox.wake(),
  });
  const engine = new AlertEngine({ db: ctx.db, actx, log, onQueued: () => worker.wake() });
  app.outbox.onAttempt(logAlertMailAttempts(ctx, attempts));
  const hooks: AlertingHooks = {
    actx,
    queued: () => worker.wake(),
    recheck: () => {
      engine
        .runDue({ includeHeld: true })
        .catch((error: unknown) => log.warn({ err: error }, "escalation failed"));
    },
  };

  let pruning: NodeJS.Timeout | undefined;
  if (options.start) {
    app.addHook("onReady", async () => {
      worker.start();
      engine.start();
      pruning = setInterval(() => {
        pruneDeliveries(ctx.db, ctx.now()).catch((error: unknown) =>
          log.warn({ err: error }, "pruning the delivery log failed"),
        );
      }, 3_600_000);
      pruning.unref();
    });
  }
  app.addHook("onClose", async () => {
    clearInterval(pruning);
    await engine.stop();
    await worker.stop();
  });
  const alerting: Alerting = {
    engine,
    worker,
    attempts,
    hooks,
    channelDeps: { network, smsConfigured: Boolean(config.sms) },
  };
  app.decorate("alerting", alerting);
  void app.register(alertPageRoutes, { ctx, alertsChanged: actx.alertsChanged });
  return alerting;
}

declare module "fastify" {
  interface FastifyInstance {
    alerting: Alerting;
  }
}
