import { createNetworkAccess, type NetworkAccess } from "@upwatch/checks";
import type { FastifyInstance } from "fastify";
import type { Accounts } from "./accounts.ts";
import type { Alerting } from "./alerting.ts";
import type { Config } from "./config.ts";
import { MonitoringEngine } from "./engine/monitoring-engine.ts";
import type { LiveBus } from "./live/live-bus.ts";
import { liveMonitorChanges } from "./live/live-monitor-changes.ts";
import { checkPublisher } from "./live/publish-checks.ts";
import { apiRoutes } from "./routes/api/index.ts";
import type { ServiceContext } from "./services/context.ts";
import { everyMonitorChange, IGNORE_MONITOR_CHANGES } from "./services/monitors/monitor-changes.ts";

export interface MonitoringOptions {
  config: Config;
  ctx: ServiceContext;
  alerting: Alerting;
  accounts: Accounts;
  live: LiveBus;
  /** Replaces the network the checks use (tests). */
  network?: NetworkAccess | undefined;
}

/**
 * The REST API for accounts' monitors and their results, and (unless RUN_CHECKS=false) the
 * embedded engine that runs the checks, started when the server is ready and stopped on close.
 */
export async function registerMonitoring(
  app: FastifyInstance,
  options: MonitoringOptions,
): Promise<void> {
  const { config, ctx, live } = options;
  const publishChecks = checkPublisher(live, ctx.db, app.log.child({ part: "live" }));
  const engine = config.monitoring.runChecks
    ? new MonitoringEngine({
        db: ctx.db,
        network:
          options.network ??
          createNetworkAccess({ allowPrivateTargets: config.monitoring.allowPrivateTargets }),
        concurrency: config.monitoring.checkConcurrency,
        log: app.log.child({ part: "monitoring" }),
        now: ctx.now,
        alerting: {
          hook: options.alerting.engine.hook,
          afterCommit: (records) => {
            options.alerting.engine.afterCommit();
            publishChecks(records);
          },
        },
      })
    : undefined;
  if (engine) {
    app.decorate("monitoringEngine", engine);
    app.addHook("onReady", () => engine.start());
    app.addHook("onClose", () => engine.stop());
  }
  await app.register(apiRoutes, {
    prefix: "/api/v1",
    ctx,
    changes: everyMonitorChange(
      engine ?? IGNORE_MONITOR_CHANGES,
      liveMonitorChanges(live, options.alerting.hooks.actx.alertsChanged),
    ),
    checks: engine,
    alerting: options.alerting,
    accounts: options.accounts,
    live,
    serverUrl: config.apiUrl || config.publicUrl,
  });
}

declare module "fastify" {
  interface FastifyInstance {
    monitoringEngine?: MonitoringEngine;
  }
}
