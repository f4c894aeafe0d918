import { HEARTBEAT_LIMITS, type HeartbeatSignal } from "@upwatch/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CheckIntake } from "../check-intake/check-intake.ts";
import { rateLimitByAddress } from "../http/rate-limits/limit-by-address.ts";
import type { ServiceContext } from "../services/context.ts";
import { hashHeartbeatToken } from "../services/heartbeats/heartbeat-token.ts";
import { heartbeatTokenExists } from "../services/heartbeats/heartbeat-token-exists.ts";
import { type RecordedPing, recordPing } from "../services/heartbeats/record-ping.ts";

export interface PingRouteOptions {
  ctx: ServiceContext;
  /** Where pings' checks enter: judged, stored, alerted on. */
  checks: CheckIntake;
  /** Told of every stored ping once it committed (live heartbeat events). */
  pinged?: (ping: RecordedPing) => void;
}

/** The one answer for every token that is not a heartbeat's, so none tells more than another. */
const UNKNOWN = "No heartbeat monitor has this ping URL.";
const SIGNALS: Record<string, HeartbeatSignal> = { start: "start", fail: "fail" };

/**
 * `/ping/{token}`, `/ping/{token}/start` and `/ping/{token}/fail`, by GET, POST or HEAD: a job
 * tells its heartbeat monitor it finished, started or failed. No session and no cookies: a
 * token is the only credential. Any body is accepted; its first KiB is kept.
 */
export async function pingRoutes(app: FastifyInstance, options: PingRouteOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => {
    done(null, body);
  });
  // Counted only once a token is known, so random tokens add no counters of their own.
  const limitToken = rateLimitByAddress(app, {
    name: "ping",
    limit: HEARTBEAT_LIMITS.pingsPerMinute,
    windowMs: 60_000,
    keyOf: (request) => hashHeartbeatToken(tokenOf(request)),
    message: (wait) =>
      `This ping URL received more than ${HEARTBEAT_LIMITS.pingsPerMinute} pings in a minute. Ping again in ${wait}.`,
  });
  // An address trying unknown tokens is guessing; its jobs' real pings are never counted here.
  const limitGuesses = rateLimitByAddress(app, {
    name: "ping-unknown",
    limit: HEARTBEAT_LIMITS.unknownPingsPerMinute,
    windowMs: 60_000,
    message: (wait) =>
      `Your address sent more than ${HEARTBEAT_LIMITS.unknownPingsPerMinute} pings to unknown ping URLs in a minute. Try again in ${wait}.`,
  });
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("cache-control", "no-store").header("access-control-allow-origin", "*");
    const { signal: named } = request.params as { signal?: string };
    const signal = named === undefined ? "success" : SIGNALS[named];
    const token = tokenOf(request);
    const known = signal !== undefined && (await heartbeatTokenExists(options.ctx, token));
    if (known) {
      await limitToken(request);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const recorded = await recordPing(options.ctx, options.checks, { token, signal, body });
      if (recorded) {
        options.pinged?.(recorded);
        return reply.type("text/plain; charset=utf-8").send("OK");
      }
    }
    await limitGuesses(request);
    return reply.code(404).send({ detail: UNKNOWN });
  };
  for (const url of ["/ping/:token", "/ping/:token/:signal"]) {
    app.route({ method: ["GET", "POST", "HEAD"], url, handler: answer });
  }
}

function tokenOf(request: FastifyRequest): string {
  return (request.params as { token?: string }).token ?? "";
}
