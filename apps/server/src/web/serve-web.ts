import fastifyStatic from "@fastify/static";
import type { SiteConfig } from "@upwatch/core";
import type { FastifyInstance, FastifyReply } from "fastify";
import { editionServes } from "./hosted-only-pages.ts";
import { knowledgeBaseFallback } from "./knowledge-base-fallback.ts";
import { loadSiteFiles, TEMPLATED_FILES } from "./site-files.ts";
import { isAppPath, loadSitePages, type SitePage } from "./site-pages.ts";
import { thirdPartyOrigins } from "./third-party-origins.ts";

const HTML_CACHE = "no-cache";
const HASHED_ASSET_CACHE = "public, max-age=31536000, immutable";
const OTHER_FILE_CACHE = "public, max-age=3600";
/** The data a help-centre page was built with, which the app fetches when it navigates there. */
const PAGE_DATA_SUFFIX = ".data";
const PAGE_DATA_TYPE = "text/x-script; charset=utf-8";

export interface WebOptions {
  clientDir: string;
  siteConfig: SiteConfig;
}

/**
 * Serves the built web app: prerendered pages, static files, and the not-found page. The
 * self-hosted edition leaves out the hosted service's own pages and opens the app at `/`.
 */
export async function serveWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const { edition } = options.siteConfig;
  const appHome = appHomeOf(options.siteConfig);
  const pages = loadSitePages(
    options.clientDir,
    options.siteConfig,
    thirdPartyOrigins(options.siteConfig),
  );

  await app.register(fastifyStatic, {
    root: options.clientDir,
    wildcard: false,
    index: false,
    serveDotFiles: false,
    // The build writes .br and .gz copies of its text files; they are sent as they are.
    preCompressed: true,
    // Served from memory below, with this server's address filled in; the sitemap's data file
    // is a by-product of building it.
    globIgnore: [
      ...Object.keys(TEMPLATED_FILES).map((path) => path.slice(1)),
      "sitemap.xml.data*",
      "**/*.br",
      "**/*.gz",
    ],
    cacheControl: false,
    setHeaders: (res, sentPath) => {
      const path = sentPath.replace(/\.(br|gz)$/, "");
      // Which copy is sent depends on the browser's Accept-Encoding; caches must know that.
      res.setHeader("vary", "accept-encoding");
      if (path.endsWith(PAGE_DATA_SUFFIX)) {
        // A page's data belongs with its HTML: revalidated on every use, like the page.
        res.setHeader("cache-control", HTML_CACHE);
        return;
      }
      res.setHeader(
        "cache-control",
        path.includes("/assets/") ? HASHED_ASSET_CACHE : OTHER_FILE_CACHE,
      );
    },
    allowedPath: (path) => !path.endsWith(".html") && editionServes(edition, path),
  });

  for (const [path, file] of loadSiteFiles(options.clientDir, options.siteConfig)) {
    if (!editionServes(edition, path)) continue;
    app.get(path, async (request, reply) => {
      reply.header("cache-control", HTML_CACHE).header("etag", file.etag);
      if (request.headers["if-none-match"] === file.etag) return reply.code(304).send();
      return reply.type(file.type).send(file.body);
    });
  }

  app.addHook("onSend", async (request, reply) => {
    if (reply.statusCode === 200 && request.url.split("?")[0]?.endsWith(PAGE_DATA_SUFFIX)) {
      reply.type(PAGE_DATA_TYPE);
    }
  });

  app.get("/*", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (!editionServes(edition, path)) {
      if (path === "/") return reply.header("cache-control", HTML_CACHE).redirect(appHome, 302);
      return sendPage(reply, pages.notFound, 404);
    }
    const page = pages.find(path);
    if (page) return sendPage(reply, page, 200, request.headers["if-none-match"]);
    if (path.endsWith(PAGE_DATA_SUFFIX)) return reply.callNotFound();
    if (pages.app && isAppPath(path)) {
      // The app's screens render in the browser; the same page serves every one of them.
      reply.header("x-robots-tag", "noindex");
      return sendPage(reply, pages.app, 200, request.headers["if-none-match"]);
    }
    const fallback = knowledgeBaseFallback(path);
    if (fallback) return reply.header("cache-control", HTML_CACHE).redirect(fallback, 302);
    return reply.callNotFound();
  });

  app.decorate("sendNotFoundPage", (reply: FastifyReply) => sendPage(reply, pages.notFound, 404));
}

/** Where `/` leads in the self-hosted edition: the app, by path when it is on this server. */
function appHomeOf(config: SiteConfig): string {
  const app = new URL(config.appUrl);
  return app.origin === new URL(config.publicUrl).origin ? app.pathname : config.appUrl;
}

function sendPage(reply: FastifyReply, page: SitePage, status: number, ifNoneMatch?: string) {
  reply
    .header("cache-control", HTML_CACHE)
    .header("etag", page.etag)
    .header("content-security-policy", page.csp);
  if (status === 200 && ifNoneMatch === page.etag) return reply.code(304).send();
  return reply.code(status).type("text/html; charset=utf-8").send(page.html);
}

declare module "fastify" {
  interface FastifyInstance {
    sendNotFoundPage(reply: FastifyReply): FastifyReply;
  }
}
