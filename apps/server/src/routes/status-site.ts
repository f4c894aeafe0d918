import { SLUG_PATTERN } from "@upwatch/core";
import type { Database, StatusPageTable } from "@upwatch/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { sendMessagePage } from "../pages/message-page.ts";
import { asServed } from "../services/status-pages/white-label-plans.ts";
import { buildSummary } from "../status-site/build-summary.ts";
import {
  type CachedAnswer,
  encodedBody,
  notModified,
  type PageCache,
  type Rendered,
} from "../status-site/page-cache.ts";
import { readHistory, readIncident } from "../status-site/read-history.ts";
import { readPublicPage } from "../status-site/read-public-page.ts";
import { renderBadge } from "../status-site/render-badge.ts";
import { renderFeed } from "../status-site/render-feed.ts";
import { renderHistory, renderIncident } from "../status-site/render-history.ts";
import { type RenderPlace, renderStatusPage } from "../status-site/render-page.ts";

/** What the public site needs: storage, the time, the public address and the answer cache. */
export interface StatusSiteOptions {
  db: Kysely<Database>;
  now(): number;
  publicUrl: string;
  cache: PageCache;
  /** Told when a page's version moved, so other in-memory views of pages can reload. */
  pageChanged?(): void;
}

type SlugRequest<P = object> = FastifyRequest<{
  Params: { slug: string } & P;
  Querystring: Record<string, string | undefined>;
}>;
type Renderer = (page: StatusPageTable, now: number) => Promise<Rendered | undefined>;

const HTML = "text/html; charset=utf-8";
const MAX_HISTORY_PAGE = 10_000;
/** What an id in a public address may be; anything else is unknown without asking the database. */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** `/status/{slug}/...`: the public page, its history, incidents, feed, summary, badges and logo. */
export async function statusSiteRoutes(app: FastifyInstance, options: StatusSiteOptions) {
  const { db, publicUrl } = options;
  const place = (page: StatusPageTable): RenderPlace => ({
    base: `/status/${page.slug}`,
    productUrl: publicUrl,
  });
  // A page on its own domain is known to visitors by that address, served at its root.
  const pageUrl = (page: StatusPageTable) =>
    page.custom_domain ? `https://${page.custom_domain}` : `${publicUrl}/status/${page.slug}`;
  const serve = answerFrom(options);
  const model = (page: StatusPageTable, now: number) => readPublicPage(db, page, now);
  const html = (r: { html: string; policy: string }, expires?: number): Rendered => ({
    body: r.html,
    type: HTML,
    policy: r.policy,
    expires,
  });

  app.get("/status/:slug", (request: SlugRequest, reply) =>
    serve(request, reply, "page", async (page, now) => {
      const m = await model(page, now);
      return html(renderStatusPage(m, place(page)), m.nextBoundary);
    }),
  );
  app.get("/status/:slug/history", async (request: SlugRequest, reply) => {
    const number = Number(request.query.page ?? "1");
    if (!Number.isInteger(number) || number < 1 || number > MAX_HISTORY_PAGE) {
      const page = await findPage(db, request.params.slug);
      return sendMessagePage(reply, 400, {
        title: "No such history page",
        message: "The history page must be a whole number from 1.",
        link: { label: "Back to the status page", url: `/status/${request.params.slug}` },
        brand: page && brandOf(page),
      });
    }
    return serve(request, reply, `history ${number}`, async (page) =>
      html(renderHistory(page, await readHistory(db, page.id, number), number, place(page))),
    );
  });
  app.get(
    "/status/:slug/incidents/:incidentId",
    (request: SlugRequest<{ incidentId: string }>, reply) =>
      serve(request, reply, `incident ${request.params.incidentId}`, async (page) => {
        if (!PUBLIC_ID_PATTERN.test(request.params.incidentId)) return undefined;
        const incident = await readIncident(db, page.id, request.params.incidentId);
        return incident ? html(renderIncident(page, incident, place(page))) : undefined;
      }),
  );
  app.get("/status/:slug/feed.atom", (request: SlugRequest, reply) =>
    serve(request, reply, "feed", async (page, now) => {
      const m = await model(page, now);
      return {
        body: renderFeed(m, pageUrl(page)),
        type: "application/atom+xml; charset=utf-8",
        expires: m.nextBoundary,
      };
    }),
  );
  app.get("/status/:slug/api/summary.json", (request: SlugRequest, reply) =>
    serve(request, reply, "summary", async (page, now) => {
      const m = await model(page, now);
      return {
        body: JSON.stringify(buildSummary(m, pageUrl(page))),
        type: "application/json; charset=utf-8",
        expires: m.nextBoundary,
      };
    }),
  );
  app.get("/status/:slug/badge.svg", (request: SlugRequest, reply) =>
    serve(request, reply, "badge", async (page, now) => {
      const m = await model(page, now);
      return {
        body: renderBadge(page.name, m.state),
        type: "image/svg+xml",
        expires: m.nextBoundary,
      };
    }),
  );
  app.get(
    "/status/:slug/components/:componentId/badge.svg",
    (request: SlugRequest<{ componentId: string }>, reply) =>
      serve(request, reply, `badge ${request.params.componentId}`, async (page, now) => {
        if (!PUBLIC_ID_PATTERN.test(request.params.componentId)) return undefined;
        const m = await model(page, now);
        const component = m.sections
          .flatMap((s) => s.components)
          .find((c) => c.id === request.params.componentId);
        if (!component) return undefined;
        return {
          body: renderBadge(component.name, component.state),
          type: "image/svg+xml",
          expires: m.nextBoundary,
        };
      }),
  );
  app.get("/status/:slug/logo/:hash", async (request: SlugRequest<{ hash: string }>, reply) => {
    const page = await findPage(db, request.params.slug);
    const logo =
      page?.logo_hash && page.logo_hash === request.params.hash
        ? await db
            .selectFrom("status_page_logos")
            .selectAll()
            .where("page_id", "=", page.id)
            .executeTakeFirst()
        : undefined;
    if (!logo) return notFound(reply, page);
    return reply
      .header("content-type", logo.content_type)
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(Buffer.from(logo.bytes_base64, "base64"));
  });
}

/** Serves a variant of a page from the cache, checking the page's version on every request. */
function answerFrom(options: StatusSiteOptions) {
  const versions = new Map<string, number>();
  return async (request: SlugRequest, reply: FastifyReply, variant: string, render: Renderer) => {
    const page = await findPage(options.db, request.params.slug);
    if (!page) return notFound(reply);
    if (versions.get(page.id) !== page.version) {
      if (versions.has(page.id)) options.pageChanged?.();
      versions.set(page.id, page.version);
    }
    const now = options.now();
    const answer = await options.cache.answer(page.id, variant, page.version, now, async () => {
      const rendered = await render(page, now);
      return rendered ?? { status: 404, body: "", type: HTML };
    });
    if (answer.status === 404) return notFound(reply, page);
    return send(request, reply, answer);
  };
}

function send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply
    .header("etag", answer.etag)
    .header("cache-control", "public, max-age=0, must-revalidate")
    .header("vary", "accept-encoding");
  if (answer.policy) reply.header("content-security-policy", answer.policy);
  if (notModified(request.headers["if-none-match"], answer.etag)) return reply.code(304).send();
  const { body, encoding } = encodedBody(answer, request.headers["accept-encoding"]);
  if (encoding) reply.header("content-encoding", encoding);
  return reply.code(answer.status).header("content-type", answer.type).send(body);
}

/**
 * The page at a slug as visitors get it: the one indexed read every request makes, so a change
 * anywhere (a plan's included) shows at once.
 */
async function findPage(db: Kysely<Database>, slug: string): Promise<StatusPageTable | undefined> {
  if (!SLUG_PATTERN.test(slug)) return undefined;
  const row = await db
    .selectFrom("status_pages")
    .innerJoin("accounts", "accounts.id", "status_pages.account_id")
    .selectAll("status_pages")
    .select("accounts.plan as account_plan")
    .where("status_pages.slug", "=", slug)
    .executeTakeFirst();
  if (!row) return undefined;
  const { account_plan, ...page } = row;
  return asServed(page, account_plan);
}

/** The 404 page; within a known status page, in that page's name and leading back to it. */
function notFound(reply: FastifyReply, page?: StatusPageTable) {
  if (!page) {
    return sendMessagePage(reply, 404, {
      title: "Status page not found",
      message: "There is no status page at this address. Check the link you followed.",
      link: { label: "Back to the home page", url: "/" },
    });
  }
  const home = `/status/${page.slug}`;
  return sendMessagePage(reply, 404, {
    title: "Not found",
    message: "There is nothing at this address on this status page. Check the link you followed.",
    link: { label: "Back to the status page", url: home },
    brand: brandOf(page),
  });
}

/** How a message page within a status page names it: by its name, white-label when in force. */
function brandOf(page: StatusPageTable) {
  return {
    name: page.name,
    url: `/status/${page.slug}`,
    whiteLabel: Number(page.white_label) === 1,
  };
}
