import type { FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import { apiRoutes } from "./routes/api/index.ts";
import type { ServiceContext } from "./services/context.ts";
import { IGNORE_MONITOR_CHANGES } from "./services/monitors/monitor-changes.ts";

export interface MonitoringOptions {
  config: Config;
  ctx: ServiceContext;
}

/** The REST API for accounts' monitors and their results. */
export async function registerMonitoring(
  app: FastifyInstance,
  options: MonitoringOptions,
): Promise<void> {
  await app.register(apiRoutes, {
    prefix: "/api/v1",
    ctx: options.ctx,
    changes: IGNORE_MONITOR_CHANGES,
    serverUrl: options.config.apiUrl || options.config.publicUrl,
  });
}
