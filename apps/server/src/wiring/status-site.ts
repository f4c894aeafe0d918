import type { FastifyInstance } from "fastify";
import { addClosingStep } from "../closing-steps.ts";
import type { Config } from "../config.ts";
import { statusSiteRoutes } from "../routes/status-site.ts";
import type { ServiceContext } from "../services/context.ts";
import { type CustomDomainDirectory, DOMAIN_REFRESH_MS } from "../status-site/custom-domains.ts";
import { PageCache } from "../status-site/page-cache.ts";

/**
 * The public status pages: their routes over one answer cache, and the custom-domain directory
 * `buildApp` rewrites URLs with, loaded now and reloaded every few seconds and on page changes.
 */
export async function registerStatusSite(
  app: FastifyInstance,
  options: { config: Config; ctx: ServiceContext; domains: CustomDomainDirectory },
): Promise<void> {
  const { domains } = options;
  await domains.refresh();
  const timer = setInterval(() => {
    domains
      .refresh()
      .catch((error: unknown) => app.log.warn({ err: error }, "custom domains not reloaded"));
  }, DOMAIN_REFRESH_MS);
  timer.unref();
  addClosingStep(app, "status page domains", () => clearInterval(timer));
  const cache = new PageCache();
  await app.register(statusSiteRoutes, {
    db: options.ctx.db,
    now: options.ctx.now,
    publicUrl: options.config.publicUrl.replace(/\/$/, ""),
    cache,
    pageChanged: () => void domains.refresh().catch(() => undefined),
  });
  app.decorate("statusDomains", domains);
}

declare module "fastify" {
  interface FastifyInstance {
    /** The custom domains status pages are served on; `refresh()` reloads them at once. */
    statusDomains: CustomDomainDirectory;
  }
}
