import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import { sendEventStream } from "../../http/event-stream.ts";
import type { LiveBus } from "../../live/live-bus.ts";
import type { AccountAccess } from "../../services/accounts/account-access.ts";
import { ServiceError } from "../../services/service-error.ts";
import { liveEventFor } from "./ping-url-visibility.ts";
import { routeOf } from "./route-of.ts";

export interface EventRouteOptions {
  live: LiveBus;
  /** Whether a session still stands; a session's stream ends soon after the session does. */
  sessionIsLive?: (sessionId: string) => Promise<boolean>;
  /** How often keep-alive comments go out (tests shorten it). */
  keepAliveMs?: number;
}

/** What a stream authenticated with, so that ending it (a revoked key) can end the stream. */
export function streamCredential(access: AccountAccess): string | undefined {
  if (access.apiKeyId) return `key:${access.apiKeyId}`;
  return access.sessionId ? `session:${access.sessionId}` : undefined;
}

function stillAllowed(
  access: AccountAccess,
  sessionIsLive: EventRouteOptions["sessionIsLive"],
): (() => Promise<boolean>) | undefined {
  const { sessionId } = access;
  if (!sessionId || !sessionIsLive) return undefined;
  return () => sessionIsLive(sessionId);
}

/** `/api/v1/events`: the account's live updates as server-sent events. */
export async function eventRoutes(app: FastifyInstance, options: EventRouteOptions) {
  const { live } = options;
  app.route({
    ...routeOf(OP.streamEvents),
    compress: false,
    handler: async (request, reply) => {
      const access = accessOf(request);
      const sent = sendEventStream(
        reply,
        (listener) =>
          live.subscribe(access.accountId, {
            ...listener,
            send: (event) => listener.send(liveEventFor(access, event)),
          }),
        {
          keepAliveMs: options.keepAliveMs,
          credential: streamCredential(access),
          stillAllowed: stillAllowed(access, options.sessionIsLive),
        },
      );
      if (!sent) {
        throw new ServiceError(
          "rate-limited",
          "This account already has the most live update connections open at once (20). Close another tab or window of the app and try again.",
        );
      }
      return sent;
    },
  });
}
