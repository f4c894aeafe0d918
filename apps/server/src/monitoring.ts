import { createNetworkAccess, type NetworkAccess } from "@upwatch/checks";
import type { FastifyInstance } from "fastify";
import type { Accounts } from "./accounts.ts";
import type { Alerting } from "./alerting.ts";
import type { Config } from "./config.ts";
import { MonitoringEngine } from "./engine/monitoring-engine.ts";
import { apiRoutes } from "./routes/api/index.ts";
import type { ServiceContext } from "./services/context.ts";
import { IGNORE_MONITOR_CHANGES } from "./services/monitors/monitor-changes.ts";

export interface MonitoringOptions {
  config: Config;
  ctx: ServiceContext;
  alerting: Alerting;
  accounts: Accounts;
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
  const { config, ctx } = options;
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
          afterCommit: options.alerting.engine.afterCommit,
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
    changes: engine ?? IGNORE_MONITOR_CHANGES,
    alerting: options.alerting,
    accounts: options.accounts,
    serverUrl: config.apiUrl || config.publicUrl,
  });
}

declare module "fastify" {
  interface FastifyInstance {
    monitoringEngine?: MonitoringEngine;
  }
}
