import type { FastifyInstance } from "fastify";
import { requireApiKey } from "../../http/api-key-auth.ts";
import { limitApiRequestsByPlan } from "../../http/api-rate-limit.ts";
import type { ServiceContext } from "../../services/context.ts";
import type { MonitorChanges } from "../../services/monitors/monitor-changes.ts";
import { accountRoutes } from "./account.ts";
import { monitorResultRoutes } from "./monitor-results.ts";
import { monitorRoutes } from "./monitors.ts";
import { buildOpenApiDocument } from "./openapi-document.ts";

export interface ApiOptions {
  ctx: ServiceContext;
  changes: MonitorChanges;
  /** The public origin, named as the server in the OpenAPI document. */
  serverUrl: string;
}

/** The REST API under `/api/v1`: the OpenAPI document, then everything behind an API key. */
export async function apiRoutes(app: FastifyInstance, options: ApiOptions) {
  const document = buildOpenApiDocument(options.serverUrl);
  app.get("/openapi.json", async () => document);

  await app.register(async (authenticated) => {
    authenticated.addHook("onRequest", requireApiKey(options.ctx));
    authenticated.addHook("onRequest", limitApiRequestsByPlan(options.ctx.now));
    await authenticated.register(accountRoutes, { ctx: options.ctx });
    await authenticated.register(monitorRoutes, { ctx: options.ctx, changes: options.changes });
    await authenticated.register(monitorResultRoutes, { ctx: options.ctx });
  });
}
