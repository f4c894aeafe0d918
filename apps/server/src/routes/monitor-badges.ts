import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { rateLimitByAddress } from "../http/rate-limits/limit-by-address.ts";
import type { ServiceContext } from "../services/context.ts";
import { badgeKindOf } from "../services/monitor-badges/badge-urls.ts";
import { readPublicBadge } from "../services/monitor-badges/read-public-badge.ts";
import { badgeFace, DEFAULT_BADGE_LABELS } from "../status-site/monitor-badges.ts";
import { BADGE_STYLES, type BadgeStyle, renderValueBadge } from "../status-site/render-badge.ts";

/** The longest label a badge address may ask for, in characters. */
export const BADGE_LABEL_LIMIT = 40;
/** Badges are seconds-fresh figures: caches (GitHub's image proxy too) keep them a minute. */
const CACHE_SECONDS = 60;
/** Addresses asking for unknown badges allowed per client address per minute before a pause. */
const UNKNOWN_BADGES_PER_MINUTE = 60;

/** The one answer for every address that is not an enabled badge, so none tells more than another. */
const UNKNOWN = "There is no badge at this address.";

type BadgeRequest = FastifyRequest<{
  Params: { key: string; file: string };
  Querystring: { label?: unknown; style?: unknown };
}>;

/** The label and style a badge address asks for, or the sentence saying what is wrong. */
function badgeOptions(
  query: BadgeRequest["query"],
): { label?: string; style: BadgeStyle } | string {
  const { label, style = "flat" } = query;
  if (typeof style !== "string" || !(BADGE_STYLES as readonly string[]).includes(style)) {
    return `The style must be one of ${BADGE_STYLES.join(" or ")}.`;
  }
  if (label === undefined) return { style: style as BadgeStyle };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused.
  if (typeof label !== "string" || /[\u0000-\u001f\u007f\p{Cs}]/u.test(label)) {
    return "The label must be plain text, given once.";
  }
  const trimmed = label.trim();
  if (trimmed.length === 0 || Array.from(trimmed).length > BADGE_LABEL_LIMIT) {
    return `The label must have from 1 to ${BADGE_LABEL_LIMIT} characters.`;
  }
  return { label: trimmed, style: style as BadgeStyle };
}

/**
 * `/badges/{key}/{kind}.svg`: a monitor's public badge (status, uptime over 24 hours, 7 or 30
 * days, average response time), for those it was switched on for. No session and no cookies:
 * the key is the only credential, and an unknown or switched-off key answers a bare 404.
 */
export async function monitorBadgeRoutes(app: FastifyInstance, options: { ctx: ServiceContext }) {
  const limitGuesses = rateLimitByAddress(app, {
    name: "badge-unknown",
    limit: UNKNOWN_BADGES_PER_MINUTE,
    windowMs: 60_000,
    message: (wait) =>
      `Your address asked for more than ${UNKNOWN_BADGES_PER_MINUTE} unknown badges in a minute. Try again in ${wait}.`,
  });
  const unknown = async (request: FastifyRequest, reply: FastifyReply) => {
    await limitGuesses(request);
    return reply.code(404).header("cache-control", "no-store").send({ detail: UNKNOWN });
  };
  app.get("/badges/:key/:file", async (request: BadgeRequest, reply) => {
    const kind = badgeKindOf(request.params.file);
    if (!kind) return unknown(request, reply);
    const subject = await readPublicBadge(
      options.ctx.db,
      request.params.key,
      options.ctx.now(),
      kind !== "status",
    );
    if (!subject) return unknown(request, reply);
    const chosen = badgeOptions(request.query);
    if (typeof chosen === "string") {
      return reply.code(400).header("cache-control", "no-store").send({ detail: chosen });
    }
    const svg = renderValueBadge({
      label: chosen.label ?? DEFAULT_BADGE_LABELS[kind],
      style: chosen.style,
      ...badgeFace(kind, subject),
    });
    return reply
      .header("cache-control", `public, max-age=${CACHE_SECONDS}, s-maxage=${CACHE_SECONDS}`)
      .header("access-control-allow-origin", "*")
      .type("image/svg+xml; charset=utf-8")
      .send(svg);
  });
}
