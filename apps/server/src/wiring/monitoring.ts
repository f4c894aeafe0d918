import type { NetworkAccess } from "@upwatch/checks";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import { MonitoringEngine } from "../engine/monitoring-engine.ts";
import type { LiveBus } from "../live/live-bus.ts";
import { liveMonitorChanges } from "../live/live-monitor-changes.ts";
import { checkPublisher } from "../live/publish-checks.ts";
import type { CheckMetrics, ResultWriteMetrics } from "../metrics/server-metrics.ts";
import type { Accounts } from "../routes/api/api-deps.ts";
import { apiRoutes } from "../routes/api/index.ts";
import type { ServiceContext } from "../services/context.ts";
import {
  everyMonitorChange,
  IGNORE_MONITOR_CHANGES,
} from "../services/monitors/monitor-changes.ts";
import type { Alerting } from "./alerting.ts";

export interface MonitoringOptions {
  config: Config;
  ctx: ServiceContext;
  alerting: Alerting;
  accounts: Accounts;
  live: LiveBus;
  /** The guard the checks go through. */
  network: NetworkAccess;
  /** Mail was queued by an API call (a password reset link): send it now. */
  mailQueued: () => void;
  metrics?: (CheckMetrics & ResultWriteMetrics) | undefined;
}

/**
 * The REST API for accounts' monitors and their results, and (unless RUN_CHECKS=false) the
 * embedded engine that runs the checks, started when the server is ready and stopped on close.
 * Returns the engine, if any.
 */
export async function registerMonitoring(
  app: FastifyInstance,
  options: MonitoringOptions,
): Promise<MonitoringEngine | undefined> {
  const { config, ctx, live, alerting } = options;
  const publishChecks = checkPublisher(live, ctx.db, app.log.child({ part: "live" }));
  const engine = config.monitoring.runChecks
    ? new MonitoringEngine({
        db: ctx.db,
        secrets: ctx.secrets,
        network: options.network,
        concurrency: config.monitoring.checkConcurrency,
        log: app.log.child({ part: "monitoring" }),
        now: ctx.now,
        metrics: options.metrics,
        alerting: {
          hook: alerting.engine.hook,
          afterCommit: (records) => {
            alerting.engine.afterCommit();
            publishChecks(records);
          },
        },
      })
    : undefined;
  if (engine) {
    app.addHook("onReady", () => engine.start());
    app.addHook("onClose", () => engine.stop());
  }
  await app.register(apiRoutes, {
    prefix: "/api/v1",
    ctx,
    changes: everyMonitorChange(
      engine ?? IGNORE_MONITOR_CHANGES,
      liveMonitorChanges(live, alerting.hooks.actx.alertsChanged),
    ),
    checks: engine,
    alerting,
    accounts: options.accounts,
    live,
    mailQueued: options.mailQueued,
    serverUrl: config.apiUrl || config.publicUrl,
  });
  return engine;
}
