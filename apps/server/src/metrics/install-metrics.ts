import type { Database } from "@upwatch/db";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../config.ts";
import { countQueuedMail } from "../mail/count-queued-mail.ts";
import { countHttpRequests } from "./count-http-requests.ts";
import { serveMetrics } from "./serve-metrics.ts";
import { ServerMetrics } from "./server-metrics.ts";

/**
 * Measures the server and serves `/metrics` when the operator asked for them (METRICS_TOKEN or
 * METRICS_PORT); otherwise nothing is measured and the parts are handed no metrics.
 */
export function installMetrics(
  app: FastifyInstance,
  options: { config: Config; db: Kysely<Database> },
): ServerMetrics | undefined {
  const { token, port } = options.config.metrics;
  if (!token && !port) return undefined;
  const metrics = new ServerMetrics();
  metrics.watchOutboxDepth(() => countQueuedMail(options.db));
  countHttpRequests(app, metrics);
  serveMetrics(app, { metrics, token, port, host: options.config.host });
  return metrics;
}
