import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import { sendEventStream } from "../../http/event-stream.ts";
import { RequestError } from "../../http/problem.ts";
import type { LiveBus } from "../../live/live-bus.ts";
import type { AccountAccess } from "../../services/accounts/account-access.ts";
import { OPERATIONS as OP } from "./operations.ts";

export interface EventRouteOptions {
  live: LiveBus;
  /** How often keep-alive comments go out (tests shorten it). */
  keepAliveMs?: number;
}

/** What a stream authenticated with, so that ending it (a revoked key) can end the stream. */
export function streamCredential(access: AccountAccess): string | undefined {
  return access.apiKeyId ? `key:${access.apiKeyId}` : undefined;
}

/** `/api/v1/events`: the account's live updates as server-sent events. */
export async function eventRoutes(app: FastifyInstance, options: EventRouteOptions) {
  const { live } = options;
  app.get(OP.streamEvents.url, { compress: false }, async (request, reply) => {
    const access = accessOf(request);
    const sent = sendEventStream(reply, (listener) => live.subscribe(access.accountId, listener), {
      keepAliveMs: options.keepAliveMs,
      credential: streamCredential(access),
    });
    if (!sent) {
      throw new RequestError(
        429,
        "This account already has the most live update connections open at once (20). Close another tab or window of the app and try again.",
      );
    }
    return sent;
  });
}
